import { createFormControl } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationValues } from '../../../src/application/values/application-values';
import { browserPageEvents } from '../../../src/browser/page-events';
import type { DraftRecord } from '../../../src/drafts/draft-record';
import { createPendingInputs } from '../../../src/form/pending-inputs';
import { AUTOSAVE_DEBOUNCE_MS, createAutosave, type SaveState } from '../../../src/session/session-autosave';
import type { KeyValueStore } from '../../../src/storage/resilient-store';
import { DRAFT_KEY } from '../../../src/storage/stored-keys';
import { pageLocalStorage } from '../../../src/storage/sync-storage';
import { takeUnloadCopy } from '../../../src/storage/unload-copy';
import type { WizardState } from '../../../src/wizard/wizard-machine';
import { defaultProgramme } from '../../fixtures/default-programme';
import { memoryStore } from '../../component/support/memory-store';

const UNLOAD_KEY = 'creator-wizard:unload-draft';
const wizard: WizardState = { current: 1, reached: [0, 1] };

/**
 * Autosave over a real react-hook-form instance (made without React, as the form's fields would
 * fill it) and a store, wired as the session wires it: every change schedules a save.
 */
function autosaving(store: KeyValueStore, writes: () => boolean = () => true) {
  const form = createFormControl<ApplicationValues>({ defaultValues: defaultProgramme.emptyValues });
  const pendingInputs = createPendingInputs();
  const onSaved = vi.fn<(record: DraftRecord) => void>();
  const states: SaveState[] = [];
  const autosave = createAutosave({
    form: () => ({
      values: () => form.getValues(),
      flush: () => {
        pendingInputs.flushAll();
      },
    }),
    store,
    synchronous: pageLocalStorage,
    writes,
    place: () => wizard,
    onState: (state) => states.push(state),
    onSaved,
  });
  const stops = [
    form.subscribe({
      formState: { values: true },
      callback: () => {
        autosave.schedule();
      },
    }),
    autosave.watchPage(browserPageEvents()),
  ];
  cleanups.push(() => {
    for (const stop of stops) stop();
    autosave.cancel();
  });
  const type = (path: 'personalInfo.firstName' | 'personalInfo.lastName', value: string) => {
    form.setValue(path, value);
  };
  return { autosave, form, pendingInputs, onSaved, states, type };
}

/**
 * A store that records its writes and confirms them at once, or never: a write that never finishes
 * is an IndexedDB write the page going away aborts (the save was started and is never confirmed).
 */
function recordingStore(writesFinish: boolean): KeyValueStore & { writes: unknown[] } {
  const writes: unknown[] = [];
  return {
    writes,
    get: () => Promise.resolve(undefined),
    set: (_key, value) => {
      writes.push(value);
      return writesFinish ? Promise.resolve() : new Promise<void>(() => undefined);
    },
    delete: () => Promise.resolve(),
    health: () => 'persistent',
    onHealthChange: () => () => undefined,
  };
}

function storedFirstName(store: ReturnType<typeof memoryStore>): string | undefined {
  return (store.entries.get(DRAFT_KEY) as DraftRecord | undefined)?.values.personalInfo.firstName;
}

const cleanups: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  localStorage.clear();
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('createAutosave', () => {
  it('saves the draft 500 ms after the last change, once, and tells who listens', async () => {
    const store = memoryStore();
    const { onSaved, states, type } = autosaving(store);
    type('personalInfo.firstName', 'A');
    await vi.advanceTimersByTimeAsync(300);
    type('personalInfo.firstName', 'Ada');
    await vi.advanceTimersByTimeAsync(300);
    expect(store.entries.has(DRAFT_KEY)).toBe(false);

    await vi.advanceTimersByTimeAsync(200);

    expect(storedFirstName(store)).toBe('Ada');
    expect(onSaved).toHaveBeenCalledOnce();
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ wizard: { current: 1, reached: [0, 1] } });
    expect(states.at(-1)).toBe('saved');
  });

  it('writes nothing in a read-only tab unless it delivers the keystrokes it holds', async () => {
    const store = memoryStore();
    const { autosave, type } = autosaving(store, () => false);
    type('personalInfo.firstName', 'Ada');
    await vi.advanceTimersByTimeAsync(1_000);
    await autosave.saveNow();
    expect(store.entries.has(DRAFT_KEY)).toBe(false);

    await autosave.saveNow(true);

    expect(storedFirstName(store)).toBe('Ada');
  });

  it('writes nothing more once cancelled and no longer allowed to write (the application was accepted)', async () => {
    const store = memoryStore();
    let accepted = false;
    const { autosave, type } = autosaving(store, () => !accepted);
    type('personalInfo.firstName', 'Ada');
    accepted = true;
    autosave.cancel();
    type('personalInfo.firstName', 'Augusta');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.entries.has(DRAFT_KEY)).toBe(false);
  });

  it('flush writes a pending save at once (the page stops showing the session)', async () => {
    const store = memoryStore();
    const { autosave, type } = autosaving(store);
    type('personalInfo.firstName', 'Ada');
    autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(storedFirstName(store)).toBe('Ada');
  });

  it('saves at once, with a synchronous copy, when the page goes away with something unsaved', async () => {
    const store = memoryStore();
    const { type } = autosaving(store);
    type('personalInfo.firstName', 'Ada');

    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);

    expect(storedFirstName(store)).toBe('Ada');
    expect(JSON.parse(localStorage.getItem(UNLOAD_KEY) ?? 'null')).toMatchObject({ values: { personalInfo: { firstName: 'Ada' } } });
  });

  it('delivers keystrokes a text box still holds before saving as the page goes away', async () => {
    const store = memoryStore();
    const { form, pendingInputs } = autosaving(store);
    pendingInputs.add(() => {
      form.setValue('personalInfo.lastName', 'Lovelace');
    });

    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);

    expect((store.entries.get(DRAFT_KEY) as DraftRecord | undefined)?.values.personalInfo.lastName).toBe('Lovelace');
  });
});

describe('createAutosave, when the page goes away', () => {
  it('writes the synchronous copy while a save is still on its way (a write the page going away would abort)', async () => {
    const store = recordingStore(false);
    const { type } = autosaving(store);
    type('personalInfo.lastName', 'Lovelace');
    // The debounced save starts and its write is on its way when the creator reloads.
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(store.writes).toHaveLength(1);

    window.dispatchEvent(new Event('pagehide'));

    const copy = takeUnloadCopy() as { values: { personalInfo: { lastName: string } } } | undefined;
    expect(copy?.values.personalInfo.lastName).toBe('Lovelace');
  });

  it('starts its IndexedDB write one task after the event, never from it (WebKit suspends a page entering the back-forward cache with it open)', async () => {
    const store = recordingStore(true);
    const { type } = autosaving(store);
    type('personalInfo.lastName', 'Lovelace');

    window.dispatchEvent(new Event('pagehide'));

    expect(store.writes).toEqual([]);
    expect((takeUnloadCopy() as { values: { personalInfo: { lastName: string } } }).values.personalInfo.lastName).toBe('Lovelace');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.writes).toHaveLength(1);
    expect((store.writes[0] as { values: { personalInfo: { lastName: string } } }).values.personalInfo.lastName).toBe('Lovelace');
  });

  it('writes nothing when every change was saved and confirmed', async () => {
    const store = recordingStore(true);
    const { type } = autosaving(store);
    type('personalInfo.lastName', 'Lovelace');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(store.writes).toHaveLength(1);

    window.dispatchEvent(new Event('pagehide'));

    expect(takeUnloadCopy()).toBeUndefined();
    expect(store.writes).toHaveLength(1);
  });
});
