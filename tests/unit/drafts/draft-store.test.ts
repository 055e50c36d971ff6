import { createStore, get as idbGet, keys as idbKeys } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { createDraftRecord } from '../../../src/drafts/draft-record';
import { loadStoredDraft, loadSubmittedMarker, saveDraft, setAsideCorruptDraft, startNewApplication } from '../../../src/drafts/draft-store';
import { clearAfterAcceptance } from '../../../src/outbox/clear-after-acceptance';
import { CORRUPT_DRAFT_KEY, DRAFT_KEY, SUBMITTED_KEY } from '../../../src/storage/stored-keys';
import { createResilientStore } from '../../../src/storage/resilient-store';
import { RESUME_HINT_KEY } from '../../../src/storage/resume-hint';
import { writeUnloadCopy } from '../../../src/storage/unload-copy';
import { completeValues } from '../../fixtures/default-programme';

const STORE_NAME = 'state';
const UNLOAD_KEY = 'creator-wizard:unload-draft';
let databases = 0;

/** A real store on a database of its own, and a way to read that database directly. */
function freshStore() {
  databases += 1;
  const dbName = `draft-store-test-${String(databases)}`;
  const raw = createStore(dbName, STORE_NAME);
  return {
    store: createResilientStore({ dbName, storeName: STORE_NAME }),
    read: (key: string) => idbGet<unknown>(key, raw),
    keys: async () => (await idbKeys(raw)).map(String).sort(),
  };
}

function draftSavedAt(savedAt: number, firstName: string) {
  return createDraftRecord({ current: 1, reached: [0, 1] }, { ...completeValues(), personalInfo: { ...completeValues().personalInfo, firstName } }, savedAt);
}

afterEach(() => {
  localStorage.clear();
});

describe('loadStoredDraft', () => {
  it('returns the stored draft when there is no unload copy', async () => {
    const { store } = freshStore();
    const stored = draftSavedAt(1_000, 'Ada');
    await saveDraft(store, stored);

    expect(await loadStoredDraft(store)).toEqual(stored);
  });

  it('prefers a newer unload copy and writes it to the store', async () => {
    const { store, read } = freshStore();
    await saveDraft(store, draftSavedAt(1_000, 'Ada'));
    const newer = draftSavedAt(2_000, 'Augusta');
    writeUnloadCopy(newer);

    expect(await loadStoredDraft(store)).toEqual(newer);
    expect(await read(DRAFT_KEY)).toEqual(newer);
    expect(localStorage.getItem(UNLOAD_KEY)).toBeNull();
  });

  it('ignores an older unload copy, keeps the stored draft, and removes the copy', async () => {
    const { store, read } = freshStore();
    const stored = draftSavedAt(2_000, 'Ada');
    await saveDraft(store, stored);
    writeUnloadCopy(draftSavedAt(1_000, 'Augusta'));

    expect(await loadStoredDraft(store)).toEqual(stored);
    expect(await read(DRAFT_KEY)).toEqual(stored);
    expect(localStorage.getItem(UNLOAD_KEY)).toBeNull();
  });

  it('uses the unload copy when IndexedDB has no draft at all', async () => {
    const { store, read } = freshStore();
    const copy = draftSavedAt(1_000, 'Ada');
    writeUnloadCopy(copy);

    expect(await loadStoredDraft(store)).toEqual(copy);
    expect(await read(DRAFT_KEY)).toEqual(copy);
  });

  it('ignores an unload copy without a savedAt when a draft is stored', async () => {
    const { store } = freshStore();
    const stored = draftSavedAt(1_000, 'Ada');
    await saveDraft(store, stored);
    writeUnloadCopy({ values: { personalInfo: { firstName: 'Augusta' } } });

    expect(await loadStoredDraft(store)).toEqual(stored);
  });
});

describe("clearAfterAcceptance (the outbox's), read back by the draft store", () => {
  it('deletes the draft and the corrupt draft, leaving only a marker without personal data', async () => {
    const { store, read, keys } = freshStore();
    await saveDraft(store, draftSavedAt(1_000, 'Ada'));
    await setAsideCorruptDraft(store, 'not a draft', 'expected an object, found string');
    await saveDraft(store, draftSavedAt(2_000, 'Ada'));
    expect(await keys()).toEqual([CORRUPT_DRAFT_KEY, DRAFT_KEY]);

    await clearAfterAcceptance(store, 5_000);

    expect(await keys()).toEqual([SUBMITTED_KEY]);
    expect(await read(SUBMITTED_KEY)).toEqual({ submittedAt: 5_000 });
    expect(await loadSubmittedMarker(store)).toEqual({ submittedAt: 5_000 });
  });
});

describe('loadSubmittedMarker', () => {
  it('returns undefined when there is no marker or it is not one', async () => {
    const { store } = freshStore();
    expect(await loadSubmittedMarker(store)).toBeUndefined();

    await store.set(SUBMITTED_KEY, { submittedAt: 'yesterday' });
    expect(await loadSubmittedMarker(store)).toBeUndefined();
  });
});

describe('setAsideCorruptDraft', () => {
  it('moves the unreadable draft to corrupt-draft with the reason, and removes the draft', async () => {
    const { store, read, keys } = freshStore();
    await store.set(DRAFT_KEY, 'text');

    await setAsideCorruptDraft(store, 'text', 'expected an object, found string');

    expect(await keys()).toEqual([CORRUPT_DRAFT_KEY]);
    expect(await read(CORRUPT_DRAFT_KEY)).toEqual({ setAsideAt: expect.any(Number) as number, reason: 'expected an object, found string', stored: 'text' });
  });
});

describe('startNewApplication', () => {
  it('removes the submitted marker, the draft and the unload copy', async () => {
    const { store, keys } = freshStore();
    await clearAfterAcceptance(store, 5_000);
    await saveDraft(store, draftSavedAt(6_000, 'Ada'));
    writeUnloadCopy(draftSavedAt(7_000, 'Ada'));

    await startNewApplication(store);

    expect(await keys()).toEqual([]);
    expect(localStorage.getItem(UNLOAD_KEY)).toBeNull();
    expect(await loadSubmittedMarker(store)).toBeUndefined();
  });
});

describe('the resume hint (read by index.html before the first paint)', () => {
  it('is set once a draft is saved, and removed when a new application starts', async () => {
    const { store } = freshStore();
    expect(localStorage.getItem(RESUME_HINT_KEY)).toBeNull();
    await saveDraft(store, draftSavedAt(1, 'Ada'));
    expect(localStorage.getItem(RESUME_HINT_KEY)).toBe('1');
    await startNewApplication(store);
    expect(localStorage.getItem(RESUME_HINT_KEY)).toBeNull();
  });

  it('holds no personal data', async () => {
    const { store } = freshStore();
    await saveDraft(store, draftSavedAt(1, 'Ada'));
    expect(Object.keys(localStorage)).toEqual([RESUME_HINT_KEY]);
    expect(localStorage.getItem(RESUME_HINT_KEY)).not.toContain('Ada');
  });
});
