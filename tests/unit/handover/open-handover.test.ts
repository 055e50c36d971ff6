// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { openResumeLink, type OpenHandoverOptions } from '../../../src/handover/open-handover';
import { encryptDraft, type SealedDraft } from '../../../src/handover/draft-envelope';
import type { HandoverPayload } from '../../../src/handover/handover-payload';
import { withLatestBody } from '../../../src/outbox/outbox-record';
import { RESUME_HINT_KEY } from '../../../src/storage/resume-hint';
import { DRAFT_KEY, HANDED_OVER_KEY, HANDOVER_REVISION_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../../../src/storage/stored-keys';
import { UNLOAD_COPY_KEY } from '../../../src/storage/unload-copy';
import { completeValues, defaultConfig, defaultProgramme } from '../../fixtures/default-programme';
import { memoryStore } from '../../component/support/memory-store';
import { memorySyncStorage } from '../../support/fake-page';

const PAGE = 'https://apply.example/?lang=en';
const REQUEST_URL = '/api/applications';
const APPLICATION_ID = '8c3f8a4e-2b7d-4a51-9d3e-1f2a3b4c5d6e';
const SAVED_AT = Date.UTC(2026, 10, 25, 17, 0, 0);
const NOW = Date.UTC(2026, 10, 25, 18, 30, 0);
const STEP_COUNT = defaultConfig().steps.length;

/** The default programme's complete application, saved on its third step on the device that made the link. */
function payload(): HandoverPayload {
  return {
    format: 1,
    applicationId: APPLICATION_ID,
    revision: 3,
    savedAt: SAVED_AT,
    programme: 'default',
    wizard: { current: 2, reached: [0, 1, 2] },
    values: completeValues(),
  };
}

/** A fetch standing in for the receiver: the sealed bytes at the draft's address, once; anything else is a 404. */
function receiverHolding(sealed: SealedDraft, respond: (() => Response) | null = null) {
  let taken = false;
  return vi.fn<typeof fetch>((url, init) => {
    if (respond) return Promise.resolve(respond());
    if (url !== `https://apply.example/api/drafts/${sealed.id}` || init?.method !== 'GET' || taken) return Promise.resolve(new Response(null, { status: 404 }));
    taken = true;
    return Promise.resolve(new Response(sealed.ciphertext as Uint8Array<ArrayBuffer>, { status: 200 }));
  });
}

async function openLink(options: Partial<OpenHandoverOptions> & { sealed?: SealedDraft } = {}) {
  const sealed = options.sealed ?? (await encryptDraft(payload()));
  const store = options.store ?? memoryStore();
  const synchronous = options.synchronous ?? memorySyncStorage();
  const fetchImpl = options.fetchImpl ?? receiverHolding(sealed);
  const opened = await openResumeLink({
    store,
    programme: defaultProgramme,
    stepCount: STEP_COUNT,
    requestUrl: REQUEST_URL,
    pageUrl: PAGE,
    link: { id: sealed.id, key: sealed.key },
    synchronous,
    fetchImpl,
    now: () => NOW,
    ...options,
  });
  return { opened, fetchImpl };
}

/** Another application the device holds as its draft: Grace's, on the second step. */
function gracesDraft() {
  const values = completeValues();
  values.personalInfo = { ...values.personalInfo, firstName: 'Grace', lastName: 'Hopper', emailAddress: 'grace@example.com' };
  return { savedAt: SAVED_AT - 86_400_000, wizard: { current: 1, reached: [0, 1] }, values };
}

const INCOMING = { name: 'Ada Lovelace', step: 2, savedAt: SAVED_AT, queued: false };

describe('openResumeLink', () => {
  it('on a device holding nothing is ready, and adopting writes the draft and the handover revision', async () => {
    const store = memoryStore();
    const synchronous = memorySyncStorage();
    const { opened, fetchImpl } = await openLink({ store, synchronous });

    expect(fetchImpl).toHaveBeenCalledOnce();
    expect(opened).toEqual({ kind: 'ready', incoming: INCOMING, adopt: expect.any(Function) as unknown });
    // Nothing written before the application is adopted.
    expect([...store.entries.keys()]).toEqual([]);

    if (opened.kind !== 'ready') return;
    await opened.adopt();
    expect(store.entries.get(DRAFT_KEY)).toEqual({ savedAt: NOW, wizard: { current: 2, reached: [0, 1, 2] }, values: completeValues() });
    expect(store.entries.get(HANDOVER_REVISION_KEY)).toEqual({ applicationId: APPLICATION_ID, revision: 3 });
    expect(synchronous.entries.get(RESUME_HINT_KEY)).toBe('1');
  });

  it('adopting replaces a queued application, a hand-over, an accepted marker and an unload copy held here', async () => {
    const store = memoryStore();
    store.entries.set(DRAFT_KEY, gracesDraft());
    store.entries.set(
      OUTBOX_KEY,
      withLatestBody(undefined, REQUEST_URL, { firstName: 'Grace' }, () => 'other-app', SAVED_AT),
    );
    store.entries.set(HANDED_OVER_KEY, { draftId: 'AAECAwQFBgcICQoLDA0ODw', madeAt: SAVED_AT, expiresAt: NOW + 86_400_000 });
    store.entries.set(SUBMITTED_KEY, { submittedAt: SAVED_AT });
    store.entries.set(HANDOVER_REVISION_KEY, { applicationId: 'other-app', revision: 9 });
    const synchronous = memorySyncStorage();
    const { opened } = await openLink({ store, synchronous });
    expect(opened.kind).toBe('choose');
    if (opened.kind === 'failed') return;
    // Written as the device's page went away, after the link was read.
    synchronous.entries.set(UNLOAD_COPY_KEY, JSON.stringify({ ...gracesDraft(), savedAt: NOW + 1 }));

    await opened.adopt();

    expect(store.entries.has(OUTBOX_KEY)).toBe(false);
    expect(store.entries.has(HANDED_OVER_KEY)).toBe(false);
    expect(store.entries.has(SUBMITTED_KEY)).toBe(false);
    expect(synchronous.entries.has(UNLOAD_COPY_KEY)).toBe(false);
    expect(store.entries.get(HANDOVER_REVISION_KEY)).toEqual({ applicationId: APPLICATION_ID, revision: 3 });
    expect(store.entries.get(DRAFT_KEY)).toMatchObject({ values: { personalInfo: { firstName: 'Ada', lastName: 'Lovelace' } } });
  });

  it('on a device holding a draft with answers asks which to keep, describing both, and writes nothing', async () => {
    const store = memoryStore();
    store.entries.set(DRAFT_KEY, gracesDraft());
    const before = structuredClone(store.entries);

    const { opened } = await openLink({ store });

    expect(opened).toEqual({
      kind: 'choose',
      incoming: INCOMING,
      local: { name: 'Grace Hopper', step: 1, savedAt: SAVED_AT - 86_400_000, queued: false },
      adopt: expect.any(Function) as unknown,
    });
    expect(store.entries).toEqual(before);
  });

  it('names a local application by its e-mail address when it has no name', async () => {
    const store = memoryStore();
    const draft = gracesDraft();
    draft.values.personalInfo = { ...draft.values.personalInfo, firstName: ' ', lastName: '' };
    store.entries.set(DRAFT_KEY, draft);
    const { opened } = await openLink({ store });
    expect(opened.kind === 'choose' ? opened.local.name : null).toBe('grace@example.com');
  });

  it('is ready on a device whose draft holds no answers', async () => {
    const store = memoryStore();
    store.entries.set(DRAFT_KEY, { savedAt: SAVED_AT, wizard: { current: 1, reached: [0, 1] }, values: defaultProgramme.emptyValues });
    expect((await openLink({ store })).opened.kind).toBe('ready');
  });

  it('is ready on a device whose application was accepted: its draft is no longer one to lose', async () => {
    const store = memoryStore();
    store.entries.set(DRAFT_KEY, gracesDraft());
    store.entries.set(SUBMITTED_KEY, { submittedAt: SAVED_AT });
    expect((await openLink({ store })).opened.kind).toBe('ready');
  });

  it('on a device holding only a queued application asks, saying it waits to be sent', async () => {
    const store = memoryStore();
    store.entries.set(
      OUTBOX_KEY,
      withLatestBody(undefined, REQUEST_URL, { firstName: 'Grace' }, () => 'other-app', SAVED_AT - 60_000),
    );

    const { opened } = await openLink({ store });

    expect(opened.kind).toBe('choose');
    expect(opened.kind === 'choose' ? opened.local : null).toEqual({ name: '', step: 0, savedAt: SAVED_AT - 60_000, queued: true });
  });

  it('is ready on the device that handed this very application over: the link is its continuation', async () => {
    const store = memoryStore();
    store.entries.set(DRAFT_KEY, gracesDraft());
    store.entries.set(HANDED_OVER_KEY, { draftId: 'AAECAwQFBgcICQoLDA0ODw', madeAt: SAVED_AT, expiresAt: NOW + 86_400_000 });
    store.entries.set(HANDOVER_REVISION_KEY, { applicationId: APPLICATION_ID, revision: 2 });
    expect((await openLink({ store })).opened.kind).toBe('ready');
  });

  it('asks on a device that handed over another application', async () => {
    const store = memoryStore();
    store.entries.set(DRAFT_KEY, gracesDraft());
    store.entries.set(HANDED_OVER_KEY, { draftId: 'AAECAwQFBgcICQoLDA0ODw', madeAt: SAVED_AT, expiresAt: NOW + 86_400_000 });
    store.entries.set(HANDOVER_REVISION_KEY, { applicationId: 'other-app', revision: 2 });
    expect((await openLink({ store })).opened.kind).toBe('choose');
  });

  it('asks on a device that took this application back and queued it again: its queued answers are at stake', async () => {
    const store = memoryStore();
    store.entries.set(HANDED_OVER_KEY, { draftId: 'AAECAwQFBgcICQoLDA0ODw', madeAt: SAVED_AT, expiresAt: NOW + 86_400_000 });
    store.entries.set(HANDOVER_REVISION_KEY, { applicationId: APPLICATION_ID, revision: 2 });
    store.entries.set(
      OUTBOX_KEY,
      withLatestBody(undefined, REQUEST_URL, { firstName: 'Ada' }, () => 'key', SAVED_AT, { applicationId: APPLICATION_ID, revision: 2 }),
    );
    expect((await openLink({ store })).opened.kind).toBe('choose');
  });

  it.each<[string, () => Response, string]>([
    ['410', () => new Response(null, { status: 410 }), 'gone'],
    ['404', () => new Response(null, { status: 404 }), 'gone'],
    ['503', () => new Response(null, { status: 503 }), 'unavailable'],
  ])('fails on a %s as %s, writing nothing', async (_, respond, reason) => {
    const store = memoryStore();
    const sealed = await encryptDraft(payload());
    expect((await openLink({ store, sealed, fetchImpl: receiverHolding(sealed, respond) })).opened).toEqual({ kind: 'failed', reason });
    expect(store.entries.size).toBe(0);
  });

  it('fails as offline when the request cannot be made', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await openLink({ fetchImpl })).opened).toEqual({ kind: 'failed', reason: 'offline' });
  });

  it('fails as tampered when one byte of the stored draft was changed', async () => {
    const sealed = await encryptDraft(payload());
    const changed = sealed.ciphertext.slice();
    changed[20] = (changed[20] ?? 0) ^ 0x01;
    const fetchImpl = receiverHolding(sealed, () => new Response(changed, { status: 200 }));
    expect((await openLink({ sealed, fetchImpl })).opened).toEqual({ kind: 'failed', reason: 'tampered' });
  });

  it('fails as tampered when the link’s key is not the draft’s', async () => {
    const [sealed, other] = await Promise.all([encryptDraft(payload()), encryptDraft(payload())]);
    const { opened } = await openLink({ sealed, link: { id: sealed.id, key: other.key } });
    expect(opened).toEqual({ kind: 'failed', reason: 'tampered' });
  });

  it('fails as unreadable for a draft of a later envelope version', async () => {
    const sealed = await encryptDraft(payload());
    const later = sealed.ciphertext.slice();
    later[0] = 2;
    const fetchImpl = receiverHolding(sealed, () => new Response(later, { status: 200 }));
    expect((await openLink({ sealed, fetchImpl })).opened).toEqual({ kind: 'failed', reason: 'unreadable' });
  });
});
