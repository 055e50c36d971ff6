import type { PageEvents } from '../browser/page-events';
import { createDraftRecord, type DraftRecord } from '../drafts/draft-record';
import { saveDraft } from '../drafts/draft-store';
import type { KeyValueStore } from '../storage/resilient-store';
import type { SyncStorage } from '../storage/sync-storage';
import { requestPersistentStorage } from '../storage/persistent-storage';
import { clearUnloadCopy, writeUnloadCopy } from '../storage/unload-copy';
import type { WizardState } from '../wizard/wizard-machine';
import type { SessionForm } from './session-form';

/** How long autosave waits after the last change reached the form (the debounce of docs/product-rules.md §7). */
export const AUTOSAVE_DEBOUNCE_MS = 500;

export type SaveState = 'idle' | 'saving' | 'saved';

interface AutosaveOptions {
  /** The form shown now (the session's form is attached by the page). */
  form: () => Pick<SessionForm, 'values' | 'flush'>;
  store: KeyValueStore;
  /** Where the unload copy goes (localStorage on the page), and the resume hint with each save. */
  synchronous: SyncStorage;
  /** Whether this tab may write now (the editor, awake, the application not accepted). */
  writes: () => boolean;
  place: () => WizardState;
  onState: (state: SaveState) => void;
  /** Told about every saved record (the other tabs follow it, the outbox takes the answers). */
  onSaved: (record: DraftRecord) => void;
  now?: () => number;
}

export interface Autosave {
  /** Something changed: saves 500 ms after the last change. */
  schedule(): void;
  /** Saves now, whatever is pending (`force`: even where this tab may not write: it delivers the keystrokes it holds). */
  saveNow(force?: boolean): Promise<void>;
  /** Cancels a pending save (the application was accepted: its personal data must not be written again). */
  cancel(): void;
  /** Writes a pending save now (the page stops showing the session: nothing typed is left behind). */
  flush(): void;
  /** Listens to the page going away and coming back, saving at once; returns the way to stop. */
  watchPage(page: PageEvents): () => void;
}

/**
 * Saves the draft (answers and step) 500 ms after the last change, and at once when the page is
 * hidden or goes away, with a synchronous copy for the case where IndexedDB cannot finish.
 */
export function createAutosave({ form, store, synchronous, writes, place, onState, onSaved, now = Date.now }: AutosaveOptions): Autosave {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let askedForPersistence = false;
  // Something changed since the last save: only then does leaving the page write anything.
  let unsaved = false;
  // Saves started and not yet confirmed by the store. A page going away aborts an IndexedDB write
  // still on its way, so leaving then must write the synchronous copy as if nothing were saved.
  let writing = 0;

  function cancel(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function currentRecord(): DraftRecord {
    const shown = form();
    // Delivered first: a change schedules a save, so `unsaved` then says so.
    shown.flush();
    return createDraftRecord(place(), shown.values(), now());
  }

  async function saveNow(force = false): Promise<void> {
    cancel();
    if (!writes() && !force) return;
    const record = currentRecord();
    unsaved = false;
    onState('saving');
    writing += 1;
    try {
      await saveDraft(store, record, synchronous);
    } finally {
      writing -= 1;
    }
    onState('saved');
    onSaved(record);
  }

  function schedule(): void {
    if (!writes()) return;
    if (!askedForPersistence) {
      askedForPersistence = true;
      // Without it Safari may delete site data after 7 days without interaction.
      void requestPersistentStorage();
    }
    cancel();
    unsaved = true;
    timer = setTimeout(() => {
      void saveNow();
    }, AUTOSAVE_DEBOUNCE_MS);
  }

  function watchPage(page: PageEvents): () => void {
    const stopLeave = page.onLeave(() => {
      if (!writes()) return;
      // Keystrokes still held by a text box count as unsaved too (currentRecord delivers them).
      const record = currentRecord();
      if (!unsaved && writing === 0) return;
      cancel();
      writeUnloadCopy(record, synchronous);
      // IndexedDB gets it one task later, not from this event: a page entering the back-forward
      // cache is suspended as soon as the event returns, and WebKit then keeps a transaction
      // begun now open for ever, so every later page waits on the store (stuck on "Loading the
      // application…"). Suspended, the timer waits too and writes if the page is shown again;
      // a page that is gone leaves the copy above, which the next load reads.
      unsaved = true;
      timer = setTimeout(() => {
        void saveNow();
      }, 0);
    });
    const stopReturn = page.onReturn(() => {
      // Back on the page with everything in IndexedDB: the synchronous copy is no longer needed.
      if (!unsaved && writing === 0) clearUnloadCopy(synchronous);
    });
    return () => {
      stopLeave();
      stopReturn();
    };
  }

  function flush(): void {
    if (timer !== null) void saveNow();
  }

  return { schedule, saveNow, cancel, flush, watchPage };
}
