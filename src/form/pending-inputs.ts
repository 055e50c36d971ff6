import { createContext, useContext } from 'react';

/**
 * Text fields hold keystrokes for 500 ms before handing them to the form. Anything that reads
 * the form at once (Continue, saving before the page goes away) first asks every field to hand
 * over what it holds.
 */
export interface PendingInputs {
  /** Registers a field's flush; returns the function that unregisters it. */
  add(flush: () => void): () => void;
  flushAll(): void;
}

export function createPendingInputs(): PendingInputs {
  const flushes = new Set<() => void>();
  return {
    add(flush) {
      flushes.add(flush);
      return () => {
        flushes.delete(flush);
      };
    },
    flushAll() {
      for (const flush of flushes) flush();
    },
  };
}

export const PendingInputsContext = createContext<PendingInputs | null>(null);

export function usePendingInputs(): PendingInputs {
  const pending = useContext(PendingInputsContext);
  if (!pending) throw new Error('usePendingInputs needs a PendingInputsContext provider.');
  return pending;
}
