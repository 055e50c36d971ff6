// @vitest-environment node
// The session takes everything of the browser as devices: it runs here with no DOM at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flattenApplication } from '../../../src/application/body/flatten-application';
import type { ApplicationValues } from '../../../src/application/values/application-values';
import type { WizardConfig } from '../../../src/config/config-schema';
import { initialApplication, type InitialApplication } from '../../../src/drafts/initial-application';
import { createApplicationSession } from '../../../src/session/application-session';
import type { ApplicationSession } from '../../../src/session/application-session-contract';
import { AUTOSAVE_DEBOUNCE_MS } from '../../../src/session/session-autosave';
import type { SessionForm } from '../../../src/session/session-form';
import { DRAFT_KEY, HANDED_OVER_KEY, HANDOVER_REVISION_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../../../src/storage/stored-keys';
import { UNLOAD_COPY_KEY } from '../../../src/storage/unload-copy';
import { analytics } from '../../../src/telemetry/analytics';
import { completeValues, defaultConfig, defaultProgramme } from '../../fixtures/default-programme';
import { fakeLocks } from '../../component/support/fake-locks';
import { memoryStore } from '../../component/support/memory-store';
import { fakePage, memorySyncStorage } from '../../support/fake-page';
import { stubFetchAnswering } from '../../support/stub-fetch';

const DETAILS_STEP = 2;

/** The form as the session sees it, without React: answers in an object, every change told. */
function plainForm(initial: ApplicationValues): SessionForm & { set(change: (values: ApplicationValues) => void): void } {
  let values = structuredClone(initial);
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  return {
    values: () => values,
    flush: () => undefined,
    reset(next) {
      values = structuredClone(next);
      tell();
    },
    watch(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    validateStep: () => true,
    bodyToSend: () => Promise.resolve(flattenApplication(values, defaultProgramme.context.specs)),
    currentBody: () => flattenApplication(values, defaultProgramme.context.specs),
    shownTexts: () => [],
    set(change) {
      values = structuredClone(values);
      change(values);
      tell();
    },
  };
}

const sessions: ApplicationSession[] = [];

interface TabOptions {
  config?: WizardConfig;
  store?: ReturnType<typeof memoryStore>;
  locks?: LockManager;
  synchronous?: ReturnType<typeof memorySyncStorage>;
  page?: ReturnType<typeof fakePage>;
  initial?: InitialApplication;
  asleep?: boolean;
}

/** One tab's session, attached to a plain form: by default on the Details step of a complete application restored from a draft. */
function tab({
  config = defaultConfig(),
  store = memoryStore(),
  locks,
  synchronous = memorySyncStorage(),
  page = fakePage(),
  initial,
  asleep = false,
}: TabOptions = {}) {
  const opening =
    initial ??
    initialApplication(
      defaultProgramme,
      config.steps.length,
      { kind: 'restored', values: completeValues(), wizard: { current: DETAILS_STEP, reached: [0, 1, 2] }, dropped: [] },
      false,
    );
  const redirect = vi.fn();
  const session = createApplicationSession({
    config,
    programme: defaultProgramme,
    initial: opening,
    devices: { store, locks, synchronous, page, serviceWorker: undefined, redirect },
    asleep,
  });
  sessions.push(session);
  const form = plainForm(opening.values);
  const detach = session.attach(form);
  return { session, form, store, synchronous, page, detach, redirect };
}

function blank(config = defaultConfig()): InitialApplication {
  return { ...initialApplication(defaultProgramme, config.steps.length, { kind: 'none' }, false), wizard: { current: 1, reached: [0, 1] }, reported: [0] };
}

async function until(check: () => boolean, what: string, withinMs = 2_000): Promise<void> {
  for (let tries = 0; tries < withinMs / 10; tries += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Never happened: ${what}`);
}

afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Two tabs on one store: the first edits, the second follows read only. */
async function twoTabs() {
  const locks = fakeLocks();
  const store = memoryStore();
  const first = tab({ locks, store });
  await until(() => first.session.getSnapshot().role === 'editor', 'the first tab edits');
  const second = tab({ locks, store });
  await until(() => second.session.getSnapshot().role === 'viewer', 'the second tab is read-only');
  return { first, second, locks, store };
}

describe('createApplicationSession', () => {
  it('accept: Continue on Details sends, clears the personal data once accepted and moves to the last step, reported', async () => {
    const track = vi.spyOn(analytics, 'track');
    const fetchMock = stubFetchAnswering(201);
    const { session, store } = tab();

    expect(await session.next()).toBe(true);

    expect(track.mock.calls.filter(([event]) => event === 'Step Reached').map(([, properties]) => properties?.step)).toEqual([DETAILS_STEP + 1]);

    // One PUT (the other request asks the receiver whether it wants a proof of work).
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT')).toHaveLength(1);
    expect(session.getSnapshot()).toMatchObject({ submitted: true, wizard: { current: DETAILS_STEP + 1 } });
    expect(store.entries.has(DRAFT_KEY)).toBe(false);
    expect(store.entries.has(OUTBOX_KEY)).toBe(false);
    expect(store.entries.get(SUBMITTED_KEY)).toEqual({ submittedAt: expect.any(Number) as number });
  });

  it('keeps the step, the draft and the queued application when the server fails', async () => {
    stubFetchAnswering(503);
    const { session, store } = tab();
    store.entries.set(DRAFT_KEY, { savedAt: 1, wizard: { current: DETAILS_STEP, reached: [0, 1, 2] }, values: completeValues() });

    expect(await session.next()).toBe(false);

    expect(session.getSnapshot()).toMatchObject({ submitted: false, wizard: { current: DETAILS_STEP }, outbox: { state: 'waiting' } });
    expect(store.entries.has(DRAFT_KEY)).toBe(true);
    expect(store.entries.get(OUTBOX_KEY)).toMatchObject({ attempts: 1, lastError: 'HTTP 503' });
  });

  it('starts a new application after acceptance: blank answers on the first step', async () => {
    stubFetchAnswering(201);
    const { session, form, store } = tab();
    await session.next();

    await session.newApplication();

    expect(session.getSnapshot()).toMatchObject({ submitted: false, wizard: { current: 0, reached: [0] } });
    expect(form.values()).toEqual(defaultProgramme.emptyValues);
    expect(store.entries.has(SUBMITTED_KEY)).toBe(false);
  });

  it('wake: asleep it takes no lock, saves nothing and reports no step; woken, it does all of it', async () => {
    const track = vi.spyOn(analytics, 'track');
    const locks = fakeLocks();
    const store = memoryStore();
    const { session, form } = tab({ locks, store, initial: blank(), asleep: true });
    // Another tab that opens meanwhile edits: this one holds no lock.
    const other = tab({ locks, store: memoryStore() });
    await until(() => other.session.getSnapshot().role === 'editor', 'the other tab edits');
    other.session.dispose();

    form.set((values) => {
      values.personalInfo.firstName = 'Ada';
    });
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DEBOUNCE_MS + 100));
    expect(session.getSnapshot()).toMatchObject({ awake: false, role: 'unknown' });
    expect(store.entries.has(DRAFT_KEY)).toBe(false);
    expect(track.mock.calls.filter(([event]) => event === 'Step Reached')).toEqual([]);

    expect(await session.wake()).toBe(true);
    await until(() => session.getSnapshot().role === 'editor', 'this tab edits');
    expect(track.mock.calls.filter(([event]) => event === 'Step Reached').map(([, properties]) => properties?.step)).toEqual([1]);
    form.set((values) => {
      values.personalInfo.firstName = 'Ada Lovelace';
    });
    await until(
      () => (store.entries.get(DRAFT_KEY) as { values?: ApplicationValues } | undefined)?.values?.personalInfo.firstName === 'Ada Lovelace',
      'the draft is saved',
    );
    expect(store.entries.get(DRAFT_KEY)).toMatchObject({ wizard: { current: 1 } });
  });

  it('wake: stays asleep, writing nothing, when the device came to hold an application meanwhile (another tab)', async () => {
    const store = memoryStore();
    const { session } = tab({ store, locks: fakeLocks(), initial: blank(), asleep: true });
    const theirs = { savedAt: 1, wizard: { current: 1, reached: [0, 1] }, values: completeValues() };
    store.entries.set(DRAFT_KEY, theirs);

    expect(await session.wake()).toBe(false);

    expect(session.getSnapshot()).toMatchObject({ awake: false, role: 'unknown' });
    expect(store.entries.get(DRAFT_KEY)).toEqual(theirs);
  });

  it('attached, let go and attached again in one task (an effect run twice) keeps the editor lock: never read-only', async () => {
    const locks = fakeLocks();
    const roles: string[] = [];
    const { session, form, detach } = tab({ locks });
    session.subscribe(() => roles.push(session.getSnapshot().role));
    detach();
    session.attach(form);
    await until(() => session.getSnapshot().role === 'editor', 'this tab edits');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(roles).not.toContain('viewer');
    // A second tab finds the lock held by this one alone, and waits for it.
    const second = tab({ locks });
    await until(() => second.session.getSnapshot().role === 'viewer', 'the second tab is read-only');
  });

  it('dispose and re-create: the disposed session lets the lock go, and a new one on the same locks edits', async () => {
    const locks = fakeLocks();
    const store = memoryStore();
    const first = tab({ locks, store });
    await until(() => first.session.getSnapshot().role === 'editor', 'the first session edits');

    first.session.dispose();
    const again = tab({ locks, store });

    await until(() => again.session.getSnapshot().role === 'editor', 'the new session edits');
  });

  it('the editor tab closes: the waiting read-only tab is granted the lock, edits, and carries on from its last keystrokes', async () => {
    const { first, second } = await twoTabs();
    first.form.set((values) => {
      values.personalInfo.firstName = 'Katherine';
    });

    first.session.dispose();

    await until(() => second.session.getSnapshot().role === 'editor', 'the second tab edits');
    await until(() => second.form.values().personalInfo.firstName === 'Katherine', "the second tab shows the closed tab's answers");
  });

  it('dispose: the session hears nothing more from its queue (a send still on its way ends unheard)', async () => {
    const fetchMock = stubFetchAnswering(404);
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((_url, init) =>
      init.method === 'PUT'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(new Response('{}', { status: 404 })),
    );
    const { session } = tab();
    const continuing = session.next();
    await until(() => session.getSnapshot().outbox.state === 'sending', 'the application is on its way');

    session.dispose();
    answer(new Response('{}', { status: 503 }));
    await continuing;

    expect(session.getSnapshot().outbox.state).toBe('sending');
  });

  it('a second tab takes over, the first becomes read-only and saves all it held for the new editor, then takes it back', async () => {
    const { first, second } = await twoTabs();
    first.form.set((values) => {
      values.personalInfo.firstName = 'Augusta';
    });

    second.session.takeOver();

    await until(() => second.session.getSnapshot().role === 'editor', 'the second tab edits');
    await until(() => first.session.getSnapshot().role === 'viewer', 'the first tab is read-only');
    // The first tab's last keystrokes were saved as it lost the role, and the second carries on from them.
    await until(() => second.form.values().personalInfo.firstName === 'Augusta', 'the second tab shows the answers the first saved');

    first.session.takeOver();
    await until(() => first.session.getSnapshot().role === 'editor', 'the first tab edits again');
    await until(() => second.session.getSnapshot().role === 'viewer', 'the second tab is read-only again');
  });

  it('a failed send is retried on schedule after an effect run twice (let go and attached again in one task)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubFetchAnswering(503);
    const { session, form, detach } = tab();
    detach();
    session.attach(form);
    await session.next();
    expect(session.getSnapshot().outbox.state).toBe('waiting');
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 201 })));

    const track = vi.spyOn(analytics, 'track');
    // The first retry is due 2 s after the failure (retry-policy.ts).
    await vi.advanceTimersByTimeAsync(2_000);

    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT')).toHaveLength(2);
    // Acceptance clears the kept files' database too, which takes IndexedDB's own turns (not timers).
    await vi.waitFor(() => {
      expect(session.getSnapshot().submitted).toBe(true);
    });
    // Accepted in the background: the wizard moves on by itself, and says so.
    expect(session.getSnapshot()).toMatchObject({ submitted: true, wizard: { current: DETAILS_STEP + 1 } });
    expect(track.mock.calls.filter(([event]) => event === 'Step Reached').map(([, properties]) => properties?.step)).toEqual([DETAILS_STEP + 1]);
  });

  it('a failed send is retried after the page let go and attached again later (a re-mount)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubFetchAnswering(503);
    const { session, form, detach } = tab();
    await session.next();
    expect(session.getSnapshot().outbox.state).toBe('waiting');

    // Hidden and shown later (not in the same task): everything is let go, then taken afresh.
    detach();
    await vi.advanceTimersByTimeAsync(0);
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 201 })));
    session.attach(form);
    await vi.advanceTimersByTimeAsync(10_000);

    // Acceptance clears the kept files' database too, which takes IndexedDB's own turns (not timers).
    await vi.waitFor(() => {
      expect(session.getSnapshot().submitted).toBe(true);
    });
  });
  it('the page going away with something unsaved writes the synchronous copy into the storage it was given', async () => {
    const { session, form, synchronous, page } = tab({ locks: fakeLocks() });
    await until(() => session.getSnapshot().role === 'editor', 'this tab edits');
    form.set((values) => {
      values.personalInfo.firstName = 'Grace';
    });

    page.leave();

    expect(JSON.parse(synchronous.entries.get(UNLOAD_COPY_KEY) ?? 'null')).toMatchObject({ values: { personalInfo: { firstName: 'Grace' } } });
  });

  it('the browser back online tries a waiting application at once, not on schedule', async () => {
    const fetchMock = stubFetchAnswering(503);
    const { session, page } = tab();
    await session.next();
    expect(session.getSnapshot().outbox.state).toBe('waiting');
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 201 })));

    page.goOnline();

    // The scheduled retry is due 2 s after the failure (retry-policy.ts).
    await until(() => session.getSnapshot().submitted, 'the application is accepted', 1_000);
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT')).toHaveLength(2);
  });
});

/** The receiver's drafts: a PUT stored until `expiresAt`, a DELETE of an unopened link; every other request 201 (or `fail`s). */
function stubDraftsReceiver({ fail = false } = {}) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>((url, init) => {
    if (fail) return Promise.reject(new TypeError('Failed to fetch'));
    if (url.includes('/api/drafts/') && init.method === 'PUT')
      return Promise.resolve(new Response(JSON.stringify({ expiresAt: '2026-12-03T00:00:00.000Z' }), { status: 201 }));
    if (url.includes('/api/drafts/') && init.method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
    return Promise.resolve(new Response('{}', { status: 201 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const HAND_OVER = { requestUrl: '/api/applications', pageUrl: 'https://apply.example/', expiresInSeconds: 3600, programme: 'Creator partnership' };

describe('continue on another device', () => {
  it('hands the application over: a link, the form read only, nothing saved or sent from here until taken back', async () => {
    const fetchMock = stubDraftsReceiver();
    const { session, form, store } = tab();

    const result = await session.handOver(HAND_OVER);

    expect(result).toMatchObject({ ok: true, link: expect.stringMatching(/^https:\/\/apply\.example\/#resume=[\w-]{22}\.[\w-]{43}$/) as string });
    const put = fetchMock.mock.calls.find(([url, init]) => url.startsWith('https://apply.example/api/drafts/') && init.method === 'PUT');
    expect(put?.[1].headers).toMatchObject({ 'Content-Type': 'application/octet-stream', 'Draft-Expires-In': '3600' });
    // The ciphertext, never the answers.
    expect(new TextDecoder().decode(put?.[1].body as Uint8Array)).not.toContain('Lovelace');
    expect(session.getSnapshot().handedOver).toMatchObject({ expiresAt: Date.parse('2026-12-03T00:00:00.000Z') });
    expect(store.entries.get(HANDED_OVER_KEY)).toEqual(session.getSnapshot().handedOver);
    expect(store.entries.get(HANDOVER_REVISION_KEY)).toEqual({ applicationId: expect.any(String) as string, revision: 0 });

    const saved = store.entries.get(DRAFT_KEY);
    form.set((values) => {
      values.personalInfo.firstName = 'Augusta';
    });
    // Past autosave's debounce: a session that saved would have written by now.
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DEBOUNCE_MS + 100));
    expect(store.entries.get(DRAFT_KEY)).toBe(saved);
    expect(await session.next()).toBe(false);
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('/api/applications'))).toHaveLength(0);

    expect(await session.takeBack('https://apply.example/')).toBe('withdrawn');
    expect(fetchMock.mock.calls.at(-1)?.[1].method).toBe('DELETE');
    expect(session.getSnapshot().handedOver).toBeNull();
    expect(store.entries.has(HANDED_OVER_KEY)).toBe(false);
    // The application keeps its id: what this device sends now is numbered above the link's revision.
    const { applicationId } = store.entries.get(HANDOVER_REVISION_KEY) as { applicationId: string };
    expect(await session.next()).toBe(true);
    const sent = fetchMock.mock.calls.find(([url, init]) => url.includes('/api/applications') && init.method === 'PUT');
    expect(sent?.[1].headers).toMatchObject({ 'Application-Id': applicationId, 'Application-Revision': '1' });
    expect(store.entries.has(HANDOVER_REVISION_KEY)).toBe(false);
  });

  it('takes the application back even when the programme, edited since, names no receiver: the form is not left read only', async () => {
    stubDraftsReceiver();
    const made = tab();
    expect((await made.session.handOver(HAND_OVER)).ok).toBe(true);
    const handedOver = made.session.getSnapshot().handedOver;
    made.session.dispose();
    const opening = {
      ...initialApplication(
        defaultProgramme,
        4,
        { kind: 'restored', values: completeValues(), wizard: { current: DETAILS_STEP, reached: [0, 1, 2] }, dropped: [] },
        false,
      ),
      handedOver,
    };
    const { session, store } = tab({ config: { ...defaultConfig(), requestUrl: null }, store: made.store, initial: opening });
    expect(session.getSnapshot().handedOver).toEqual(handedOver);

    expect(await session.takeBack('https://apply.example/')).toBe('unreachable');

    expect(session.getSnapshot().handedOver).toBeNull();
    expect(store.entries.has(HANDED_OVER_KEY)).toBe(false);
  });

  it('changes nothing when the link cannot be stored (offline): the form stays editable and the queue as it was', async () => {
    stubFetchAnswering(503);
    const { session, store } = tab();
    expect(await session.next()).toBe(false);
    const queued = store.entries.get(OUTBOX_KEY);
    stubDraftsReceiver({ fail: true });

    expect(await session.handOver(HAND_OVER)).toEqual({ ok: false, reason: 'offline' });

    expect(session.getSnapshot().handedOver).toBeNull();
    expect(store.entries.has(HANDED_OVER_KEY)).toBe(false);
    expect(store.entries.get(OUTBOX_KEY)).toEqual(queued);
  });
});
