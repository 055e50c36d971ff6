import { createContext, useContext } from 'react';

/**
 * Text fields hold keystrokes for 500 ms before delivering them to the form. Anything that reads
 * the form at once (Continue, saving before the page goes away) first asks every field to
 * deliver what it holds.
 */
export interface PendingInputs {
  /**
   * Registers a field's flush, and how to read the text it shows (which may not be in the form
   * yet); returns the function that unregisters it.
   */
  add(flush: () => void, read?: () => string | undefined): () => void;
  flushAll(): void;
  /** The text every registered field shows now, delivered or not, without delivering it. */
  shownTexts(): string[];
}

export function createPendingInputs(): PendingInputs {
  const flushes = new Set<() => void>();
  const readers = new Set<() => string | undefined>();
  return {
    add(flush, read) {
      flushes.add(flush);
      if (read) readers.add(read);
      return () => {
        flushes.delete(flush);
        if (read) readers.delete(read);
      };
    },
    flushAll() {
      for (const flush of flushes) flush();
    },
    shownTexts() {
      return Array.from(readers, (read) => read()).filter((text): text is string => text !== undefined);
    },
  };
}

export const PendingInputsContext = createContext<PendingInputs | null>(null);

export function usePendingInputs(): PendingInputs {
  const pending = useContext(PendingInputsContext);
  if (!pending) throw new Error('usePendingInputs needs a PendingInputsContext provider.');
  return pending;
}
