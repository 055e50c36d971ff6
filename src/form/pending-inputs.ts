import { createContext, useContext } from 'react';

/**
 * Text fields hold keystrokes for 500 ms before delivering them to the form, and a file field
 * holds files the device is still keeping (a photo made smaller, then stored). Anything that reads
 * the form at once (Continue, saving before the page goes away) first asks every field to
 * deliver what it holds; Continue and the send also wait until every file being kept is in the
 * answer, so a photo chosen a moment before the press is neither reported missing nor left out.
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
  /**
   * Holds the form's readers until `work` ends (fulfilled or not): a file field holds each batch
   * of chosen files while the device keeps them.
   */
  hold(work: Promise<unknown>): void;
  /** Whether any work is held now. */
  holding(): boolean;
  /** Resolves once nothing is held, including work held while waiting; never rejects. */
  settled(): Promise<void>;
}

export function createPendingInputs(): PendingInputs {
  const flushes = new Set<() => void>();
  const readers = new Set<() => string | undefined>();
  const held = new Set<Promise<unknown>>();
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
    hold(work) {
      const tracked = work.then(
        () => undefined,
        () => undefined,
      );
      held.add(tracked);
      void tracked.then(() => held.delete(tracked));
    },
    holding() {
      return held.size > 0;
    },
    async settled() {
      // A batch chosen while an earlier one is kept is held too: wait until none is left.
      while (held.size > 0) await Promise.all(held);
    },
  };
}

export const PendingInputsContext = createContext<PendingInputs | null>(null);

export function usePendingInputs(): PendingInputs {
  const pending = useContext(PendingInputsContext);
  if (!pending) throw new Error('usePendingInputs needs a PendingInputsContext provider.');
  return pending;
}
