import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutosave, AUTOSAVE_DEBOUNCE_MS } from '../../../src/drafts/use-autosave';
import { useApplicationForm } from '../../../src/form/use-application-form';
import type { KeyValueStore } from '../../../src/storage/resilient-store';
import { takeUnloadCopy } from '../../../src/storage/unload-copy';
import type { WizardState } from '../../../src/wizard/wizard-machine';
import { defaultProgramme } from '../../fixtures/default-programme';

const wizard: WizardState = { current: 1, reached: [0, 1] };

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

let form: ReturnType<typeof useApplicationForm>['form'] | null = null;

function Autosaving({ store }: { store: KeyValueStore }) {
  const app = useApplicationForm(defaultProgramme);
  useLayoutEffect(() => {
    form = app.form;
  });
  useAutosave({ form: app.form, pendingInputs: app.pendingInputs, wizard, store, active: true, onSaved: () => undefined });
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('useAutosave, when the page goes away', () => {
  it('writes the synchronous copy while a save is still on its way (a write the page going away would abort)', () => {
    const store = recordingStore(false);
    render(<Autosaving store={store} />);
    act(() => {
      form!.setValue('personalInfo.lastName', 'Lovelace');
    });
    // The debounced save starts and its write is on its way when the creator reloads.
    act(() => {
      vi.advanceTimersByTime(AUTOSAVE_DEBOUNCE_MS);
    });
    expect(store.writes).toHaveLength(1);

    window.dispatchEvent(new Event('pagehide'));

    const copy = takeUnloadCopy() as { values: { personalInfo: { lastName: string } } } | undefined;
    expect(copy?.values.personalInfo.lastName).toBe('Lovelace');
  });

  it('starts its IndexedDB write one task after the event, never from it (WebKit suspends a page entering the back-forward cache with it open)', async () => {
    const store = recordingStore(true);
    const confirmed = store.writes;
    render(<Autosaving store={store} />);
    act(() => {
      form!.setValue('personalInfo.lastName', 'Lovelace');
    });

    window.dispatchEvent(new Event('pagehide'));

    expect(confirmed).toEqual([]);
    expect((takeUnloadCopy() as { values: { personalInfo: { lastName: string } } }).values.personalInfo.lastName).toBe('Lovelace');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(confirmed).toHaveLength(1);
    expect((confirmed[0] as { values: { personalInfo: { lastName: string } } }).values.personalInfo.lastName).toBe('Lovelace');
  });

  it('writes nothing when every change was saved and confirmed', async () => {
    const store = recordingStore(true);
    const confirmed = store.writes;
    render(<Autosaving store={store} />);
    act(() => {
      form!.setValue('personalInfo.lastName', 'Lovelace');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    });
    expect(confirmed).toHaveLength(1);

    window.dispatchEvent(new Event('pagehide'));

    expect(takeUnloadCopy()).toBeUndefined();
    expect(confirmed).toHaveLength(1);
  });
});
