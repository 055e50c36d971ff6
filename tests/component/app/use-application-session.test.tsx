import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApplicationSession } from '../../../src/app/use-application-session';
import type { WizardConfig } from '../../../src/config/config-schema';
import { initialApplication } from '../../../src/drafts/initial-application';
import { DRAFT_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../../../src/storage/stored-keys';
import { completeValues, defaultConfig, defaultProgramme } from '../../fixtures/default-programme';
import { fakeLocks } from '../support/fake-locks';
import { memoryStore } from '../support/memory-store';
import { stubFetchAnswering } from '../../support/stub-fetch';
import { analytics } from '../../../src/telemetry/analytics';
import { AUTOSAVE_DEBOUNCE_MS } from '../../../src/drafts/use-autosave';

const DETAILS_STEP = 2;

/** The session of one tab, on the Details step of a complete application restored from a draft. */
function renderSession(config: WizardConfig = defaultConfig(), locks?: LockManager) {
  const store = memoryStore();
  store.entries.set(DRAFT_KEY, { savedAt: 1, wizard: { current: DETAILS_STEP, reached: [0, 1, 2] }, values: completeValues() });
  const initial = initialApplication(
    defaultProgramme,
    config.steps.length,
    { kind: 'restored', values: completeValues(), wizard: { current: DETAILS_STEP, reached: [0, 1, 2] }, dropped: [] },
    false,
  );
  const view = renderHook(() => useApplicationSession(config, defaultProgramme, initial, { store, locks }));
  return { ...view, store };
}

const answer = stubFetchAnswering;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useApplicationSession', () => {
  it('on Continue from Details sends the application, clears the personal data once accepted and moves to the last step', async () => {
    const fetchMock = answer(201);
    const { result, store, unmount } = renderSession();

    let moved = false;
    await act(async () => {
      moved = await result.current.wizard.next();
    });

    expect(moved).toBe(true);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'PUT' });
    expect(result.current.submitted).toBe(true);
    expect(result.current.wizardState.current).toBe(DETAILS_STEP + 1);
    expect(store.entries.has(DRAFT_KEY)).toBe(false);
    expect(store.entries.has(OUTBOX_KEY)).toBe(false);
    expect(store.entries.get(SUBMITTED_KEY)).toEqual({ submittedAt: expect.any(Number) as number });
    unmount();
  });

  it('keeps the step, the draft and the queued application when the server fails, and shows the error line', async () => {
    answer(503);
    const { result, store, unmount } = renderSession();

    await act(async () => {
      expect(await result.current.wizard.next()).toBe(false);
    });

    expect(result.current.submitted).toBe(false);
    expect(result.current.wizardState.current).toBe(DETAILS_STEP);
    expect(result.current.serverError).toBe(true);
    expect(store.entries.has(DRAFT_KEY)).toBe(true);
    expect(store.entries.get(OUTBOX_KEY)).toMatchObject({ attempts: 1, lastError: 'HTTP 503' });
    unmount();
  });

  it('without a requestUrl accepts the application on the device, sending nothing', async () => {
    const fetchMock = answer(201);
    const { result, store, unmount } = renderSession({ ...defaultConfig(), requestUrl: undefined });

    await act(async () => {
      expect(await result.current.wizard.next()).toBe(true);
    });

    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.submitted).toBe(true);
    expect(store.entries.has(DRAFT_KEY)).toBe(false);
    unmount();
  });

  it('starts a new application after acceptance with blank values on the first step', async () => {
    answer(201);
    const { result, store, unmount } = renderSession();
    await act(async () => {
      await result.current.wizard.next();
    });

    await act(() => result.current.newApplication());

    expect(result.current.submitted).toBe(false);
    expect(result.current.wizardState).toEqual({ current: 0, reached: [0] });
    expect(result.current.form.getValues()).toEqual(defaultProgramme.emptyValues);
    expect(store.entries.has(SUBMITTED_KEY)).toBe(false);
    unmount();
  });

  it('edits in the first tab only: a second tab on the same locks is read-only until it takes over', async () => {
    const locks = fakeLocks();
    const first = renderSession(defaultConfig(), locks);
    await waitFor(() => {
      expect(first.result.current.role).toBe('editor');
    });
    const second = renderSession(defaultConfig(), locks);
    await waitFor(() => {
      expect(second.result.current.role).toBe('viewer');
    });

    act(() => {
      second.result.current.takeOver();
    });

    await waitFor(() => {
      expect(second.result.current.role).toBe('editor');
    });
    await waitFor(() => {
      expect(first.result.current.role).toBe('viewer');
    });
    first.unmount();
    second.unmount();
  });

  // Built ahead behind a first visit's Welcome (wizard-awake.ts): the form is live, the session is not.
  it('not awake, takes no lock, saves no draft and reports no step; awake, does all of it', async () => {
    const track = vi.spyOn(analytics, 'track');
    const locks = fakeLocks();
    const store = memoryStore();
    const config = defaultConfig();
    const initial = initialApplication(defaultProgramme, config.steps.length, { kind: 'none' }, false);
    const opening = { ...initial, wizard: { current: 1, reached: [0, 1] } };
    const view = renderHook(({ awake }) => useApplicationSession(config, defaultProgramme, opening, { store, locks }, awake), {
      initialProps: { awake: false },
    });
    // Another tab that opens meanwhile edits: this one holds no lock.
    const other = renderSession(defaultConfig(), locks);
    await waitFor(() => {
      expect(other.result.current.role).toBe('editor');
    });
    other.unmount();

    // A value set while built ahead (a field's own effect, say) is the form's, not yet a draft.
    act(() => {
      view.result.current.form.setValue('personalInfo.firstName', 'Ada');
    });
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DEBOUNCE_MS + 100));
    expect(view.result.current.role).toBe('unknown');
    expect(store.entries.has(DRAFT_KEY)).toBe(false);
    expect(track.mock.calls.filter(([event]) => event === 'Step Reached')).toEqual([]);

    view.rerender({ awake: true });
    await waitFor(() => {
      expect(view.result.current.role).toBe('editor');
    });
    expect(track.mock.calls.filter(([event]) => event === 'Step Reached').map(([, properties]) => properties?.step)).toEqual([0, 1]);
    act(() => {
      view.result.current.form.setValue('personalInfo.firstName', 'Ada Lovelace');
    });
    await waitFor(() => {
      expect(store.entries.get(DRAFT_KEY)).toMatchObject({ wizard: { current: 1 } });
    });
    view.unmount();
    track.mockRestore();
  });
});
