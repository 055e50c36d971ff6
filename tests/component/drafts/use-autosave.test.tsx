import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationValues } from '../../../src/application/values/application-values';
import type { DraftRecord } from '../../../src/drafts/draft-record';
import { useAutosave } from '../../../src/drafts/use-autosave';
import { createPendingInputs } from '../../../src/form/pending-inputs';
import { DRAFT_KEY } from '../../../src/storage/stored-keys';
import { defaultProgramme } from '../../fixtures/default-programme';
import { memoryStore } from '../support/memory-store';

const UNLOAD_KEY = 'creator-wizard:unload-draft';

/** The autosave hook over a real react-hook-form instance and a store in memory. */
function renderAutosave({ active = true } = {}) {
  const store = memoryStore();
  const onSaved = vi.fn<(record: DraftRecord) => void>();
  const pendingInputs = createPendingInputs();
  const view = renderHook(
    ({ active: isActive }) => {
      const form = useForm<ApplicationValues>({ defaultValues: defaultProgramme.emptyValues });
      const [wizard] = useState({ current: 1, reached: [0, 1] });
      return { form, autosave: useAutosave({ form, pendingInputs, wizard, store, active: isActive, onSaved }) };
    },
    { initialProps: { active } },
  );
  const type = (firstName: string) => {
    act(() => {
      view.result.current.form.setValue('personalInfo.firstName', firstName);
    });
  };
  return { ...view, store, onSaved, pendingInputs, type };
}

function storedFirstName(store: ReturnType<typeof memoryStore>): string | undefined {
  return (store.entries.get(DRAFT_KEY) as DraftRecord | undefined)?.values.personalInfo.firstName;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useAutosave', () => {
  it('saves the draft 500 ms after the last change, once, and tells who listens', async () => {
    const { store, onSaved, type, result } = renderAutosave();
    type('A');
    await act(() => vi.advanceTimersByTimeAsync(300));
    type('Ada');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(store.entries.has(DRAFT_KEY)).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(200));

    expect(storedFirstName(store)).toBe('Ada');
    expect(onSaved).toHaveBeenCalledOnce();
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ wizard: { current: 1, reached: [0, 1] } });
    expect(result.current.autosave.saveState).toBe('saved');
  });

  it('writes nothing in a read-only tab unless it hands over what it holds', async () => {
    const { store, type, result } = renderAutosave({ active: false });
    type('Ada');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await act(() => result.current.autosave.saveNow());
    expect(store.entries.has(DRAFT_KEY)).toBe(false);

    await act(() => result.current.autosave.saveNow(true));

    expect(storedFirstName(store)).toBe('Ada');
  });

  it('writes nothing more once stopped (the application was accepted)', async () => {
    const { store, type, result } = renderAutosave();
    type('Ada');
    act(() => {
      result.current.autosave.stop();
    });
    type('Augusta');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(store.entries.has(DRAFT_KEY)).toBe(false);
  });

  it('saves at once, with a synchronous copy, when the page goes away with something unsaved', async () => {
    const { store, type } = renderAutosave();
    type('Ada');

    // The copy at once; IndexedDB one task later (see autosave-leaving-mid-write.test.tsx for why).
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(storedFirstName(store)).toBe('Ada');
    expect(JSON.parse(localStorage.getItem(UNLOAD_KEY) ?? 'null')).toMatchObject({ values: { personalInfo: { firstName: 'Ada' } } });
  });

  it('hands over keystrokes a text box still holds before saving as the page goes away', async () => {
    const { store, pendingInputs, result } = renderAutosave();
    pendingInputs.add(() => {
      result.current.form.setValue('personalInfo.lastName', 'Lovelace');
    });

    // The copy at once; IndexedDB one task later (see autosave-leaving-mid-write.test.tsx for why).
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
    });

    expect((store.entries.get(DRAFT_KEY) as DraftRecord | undefined)?.values.personalInfo.lastName).toBe('Lovelace');
  });
});
