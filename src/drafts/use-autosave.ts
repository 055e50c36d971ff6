import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ApplicationValues } from '../application/values/application-values';
import type { PendingInputs } from '../form/pending-inputs';
import type { KeyValueStore } from '../storage/resilient-store';
import { requestPersistentStorage } from '../storage/persistent-storage';
import { clearUnloadCopy, writeUnloadCopy } from '../storage/unload-copy';
import type { WizardState } from '../wizard/wizard-machine';
import { createDraftRecord, type DraftRecord } from './draft-record';
import { saveDraft } from './draft-store';

/** How long autosave waits after the last change reached the form (the debounce of docs/product-rules.md §7). */
export const AUTOSAVE_DEBOUNCE_MS = 500;

export type SaveState = 'idle' | 'saving' | 'saved';

interface AutosaveOptions {
  form: UseFormReturn<ApplicationValues>;
  pendingInputs: PendingInputs;
  wizard: WizardState;
  store: KeyValueStore;
  /** False in a read-only tab and once the application is accepted: nothing is written. */
  active: boolean;
  /** Told about every saved record (the other tabs follow it). */
  onSaved: (record: DraftRecord) => void;
}

function askForPersistentStorage(): void {
  // Without it Safari may delete site data after 7 days without interaction.
  void requestPersistentStorage();
}

/**
 * Saves the draft (values and step) 500 ms after the last change, and at once when the page
 * is hidden or goes away, with a synchronous copy for the case where IndexedDB cannot finish.
 */
export function useAutosave({ form, pendingInputs, wizard, store, active, onSaved }: AutosaveOptions) {
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ wizard, active, onSaved });
  const askedForPersistence = useRef(false);
  // Something changed since the last save: only then does leaving the page write anything.
  const unsaved = useRef(false);
  // Saves started and not yet confirmed by the store. A page going away aborts an IndexedDB write
  // still on its way, so leaving then must write the synchronous copy as if nothing were saved.
  const writing = useRef(0);

  useEffect(() => {
    latest.current = { wizard, active, onSaved };
  }, [wizard, active, onSaved]);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const currentRecord = useCallback((): DraftRecord => {
    pendingInputs.flushAll();
    return createDraftRecord(latest.current.wizard, form.getValues(), Date.now());
  }, [form, pendingInputs]);

  /**
   * Saves now, whatever is pending; resolves once the store has it (IndexedDB or memory).
   * `evenIfInactive`: the tab has just lost the editor role and hands over what it holds.
   */
  const saveNow = useCallback(async (evenIfInactive = false): Promise<void> => {
    cancel();
    if (!latest.current.active && !evenIfInactive) return;
    const record = currentRecord();
    unsaved.current = false;
    setSaveState('saving');
    writing.current += 1;
    try {
      await saveDraft(store, record);
    } finally {
      writing.current -= 1;
    }
    setSaveState('saved');
    latest.current.onSaved(record);
  }, [cancel, currentRecord, store]);

  const schedule = useCallback(() => {
    if (!latest.current.active) return;
    if (!askedForPersistence.current) {
      askedForPersistence.current = true;
      askForPersistentStorage();
    }
    cancel();
    unsaved.current = true;
    timer.current = setTimeout(() => {
      void saveNow();
    }, AUTOSAVE_DEBOUNCE_MS);
  }, [cancel, saveNow]);

  /** Stops saving at once (the application was accepted: its personal data must not be written again). */
  const stop = useCallback(() => {
    cancel();
    latest.current = { ...latest.current, active: false };
  }, [cancel]);

  useEffect(() => form.subscribe({ formState: { values: true }, callback: schedule }), [form, schedule]);

  // A step change is saved like a keystroke, so a reload comes back to the same step.
  // Compared with the place last seen rather than a "first run" flag, which an effect run twice
  // (StrictMode) would clear on its first run and save an untouched draft on its second.
  const lastPlace = useRef(wizard);
  useEffect(() => {
    if (lastPlace.current === wizard) return;
    lastPlace.current = wizard;
    schedule();
  }, [wizard, schedule]);

  useEffect(() => {
    const leave = () => {
      if (!latest.current.active) return;
      // Keystrokes still held by a text box count as unsaved too.
      pendingInputs.flushAll();
      if (!unsaved.current && writing.current === 0) return;
      cancel();
      writeUnloadCopy(currentRecord());
      // IndexedDB gets it one task later, not from this event: a page entering the back-forward
      // cache is suspended as soon as the event returns, and WebKit then keeps a transaction
      // begun now open for ever, so every later page waits on the store (stuck on "Loading the
      // application…"). Suspended, the timer waits too and writes if the page is shown again;
      // a page that is gone leaves the copy above, which the next load reads.
      unsaved.current = true;
      timer.current = setTimeout(() => {
        void saveNow();
      }, 0);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
      // Back on the page with everything in IndexedDB: the synchronous copy is no longer needed.
      else if (!unsaved.current && writing.current === 0) clearUnloadCopy();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [cancel, currentRecord, pendingInputs, saveNow]);

  useEffect(() => cancel, [cancel]);

  return { saveState, saveNow, stop };
}
