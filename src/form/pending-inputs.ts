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
  /**
   * A field's own delivery when its 500 ms are up: at once, or, while a press on the step's
   * buttons is under way, when the press has ended (see holdStill).
   */
  deliver(flush: () => void): void;
  /**
   * Holds timed deliveries until the returned release is called. A delivery re-checks the field
   * and can add or remove its error line, moving the buttons under a finger that is pressing
   * them; the press would then end off the button and be lost.
   */
  holdStill(): () => void;
}

export function createPendingInputs(): PendingInputs {
  const flushes = new Set<() => void>();
  const readers = new Set<() => string | undefined>();
  const held = new Set<() => void>();
  let holds = 0;
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
    deliver(flush) {
      if (holds > 0) held.add(flush);
      else flush();
    },
    holdStill() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        const due = [...held];
        held.clear();
        for (const flush of due) flush();
      };
    },
  };
}

export const PendingInputsContext = createContext<PendingInputs | null>(null);

export function usePendingInputs(): PendingInputs {
  const pending = useContext(PendingInputsContext);
  if (!pending) throw new Error('usePendingInputs needs a PendingInputsContext provider.');
  return pending;
}
