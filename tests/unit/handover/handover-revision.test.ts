// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { revisionToHandOver, readHandoverRevision, writeHandoverRevision } from '../../../src/handover/handover-revision';
import { withLatestBody, type OutboxRecord } from '../../../src/outbox/outbox-record';
import { HANDOVER_REVISION_KEY, HANDOVER_REVISION_KEY_BEFORE } from '../../../src/storage/stored-keys';
import { memoryStore } from '../../component/support/memory-store';

const URL = '/api/applications';
const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);

/** Ids in the order they are asked for: 'id-1', 'id-2', … */
function counter(prefix = 'id'): () => string {
  let made = 0;
  return () => {
    made += 1;
    return `${prefix}-${String(made)}`;
  };
}

function queued(applicationId: string, revision: number): OutboxRecord {
  return { ...withLatestBody(undefined, URL, { firstName: 'Ada' }, () => 'unused', T0), applicationId, key: `key-${String(revision)}`, revision };
}

function neverAsked(): string {
  throw new Error('no new id was expected');
}

describe('revisionToHandOver', () => {
  it('hands over the queued record’s application and revision when there is no handover revision', () => {
    expect(revisionToHandOver(queued('app-1', 3), undefined, neverAsked)).toEqual({ applicationId: 'app-1', revision: 3 });
  });

  it('hands over the higher of the record’s and the handover revision’s for the same application', () => {
    // Received at revision 7, nothing sent yet since the edit that queued revision 8: 8.
    expect(revisionToHandOver(queued('app-1', 8), { applicationId: 'app-1', revision: 7 }, neverAsked)).toEqual({ applicationId: 'app-1', revision: 8 });
    // A record older than what the handover revision knows (sent from a device it went to and came back from): the handover revision's.
    expect(revisionToHandOver(queued('app-1', 2), { applicationId: 'app-1', revision: 9 }, neverAsked)).toEqual({ applicationId: 'app-1', revision: 9 });
  });

  it('ignores the revision of a handover revision of another application: the record’s application goes', () => {
    expect(revisionToHandOver(queued('app-1', 2), { applicationId: 'app-old', revision: 40 }, neverAsked)).toEqual({ applicationId: 'app-1', revision: 2 });
  });

  it('hands over the handover revision as it is when nothing is queued', () => {
    expect(revisionToHandOver(undefined, { applicationId: 'app-1', revision: 5 }, neverAsked)).toEqual({ applicationId: 'app-1', revision: 5 });
  });

  it('starts a fresh application at revision 0 when the device has neither', () => {
    expect(revisionToHandOver(undefined, undefined, counter('fresh'))).toEqual({ applicationId: 'fresh-1', revision: 0 });
  });
});

describe('readHandoverRevision and writeHandoverRevision', () => {
  it('reads back what was written, under the handover-revision key', async () => {
    const store = memoryStore();
    await writeHandoverRevision(store, { applicationId: 'app-1', revision: 4 });
    expect(store.entries.get(HANDOVER_REVISION_KEY)).toEqual({ applicationId: 'app-1', revision: 4 });
    expect(await readHandoverRevision(store)).toEqual({ applicationId: 'app-1', revision: 4 });
  });

  it('is undefined when nothing is stored', async () => {
    expect(await readHandoverRevision(memoryStore())).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'app-1'],
    ['no id', { revision: 3 }],
    ['an empty id', { applicationId: '', revision: 3 }],
    ['an id that is not a string', { applicationId: 42, revision: 3 }],
    ['no revision', { applicationId: 'app-1' }],
    ['a revision in a string', { applicationId: 'app-1', revision: '3' }],
    ['a negative revision', { applicationId: 'app-1', revision: -1 }],
    ['a fractional revision', { applicationId: 'app-1', revision: 1.5 }],
    ['an infinite revision', { applicationId: 'app-1', revision: Number.POSITIVE_INFINITY }],
    ['a revision past the safe integers', { applicationId: 'app-1', revision: 2 ** 53 }],
  ])('ignores a stored handover revision with %s', async (_, stored) => {
    const store = memoryStore();
    store.entries.set(HANDOVER_REVISION_KEY, stored);
    expect(await readHandoverRevision(store)).toBeUndefined();
  });

  it('accepts revision 0: an application handed over before anything was sent', async () => {
    const store = memoryStore();
    store.entries.set(HANDOVER_REVISION_KEY, { applicationId: 'app-1', revision: 0 });
    expect(await readHandoverRevision(store)).toEqual({ applicationId: 'app-1', revision: 0 });
  });
});

describe('a handover revision an earlier build kept under `lineage`', () => {
  it('is read once and moved to its new name', async () => {
    const store = memoryStore();
    store.entries.set(HANDOVER_REVISION_KEY_BEFORE, { applicationId: 'app-1', revision: 6 });
    expect(await readHandoverRevision(store)).toEqual({ applicationId: 'app-1', revision: 6 });
    expect(store.entries.get(HANDOVER_REVISION_KEY)).toEqual({ applicationId: 'app-1', revision: 6 });
    expect(store.entries.has(HANDOVER_REVISION_KEY_BEFORE)).toBe(false);
    expect(await readHandoverRevision(store)).toEqual({ applicationId: 'app-1', revision: 6 });
  });

  it('gives way to one under the new name, which a later handover wrote', async () => {
    const store = memoryStore();
    store.entries.set(HANDOVER_REVISION_KEY, { applicationId: 'app-2', revision: 1 });
    store.entries.set(HANDOVER_REVISION_KEY_BEFORE, { applicationId: 'app-1', revision: 6 });
    expect(await readHandoverRevision(store)).toEqual({ applicationId: 'app-2', revision: 1 });
  });

  it('is dropped when unreadable, never moved', async () => {
    const store = memoryStore();
    store.entries.set(HANDOVER_REVISION_KEY_BEFORE, { applicationId: '', revision: 6 });
    expect(await readHandoverRevision(store)).toBeUndefined();
    expect(store.entries.has(HANDOVER_REVISION_KEY)).toBe(false);
    expect(store.entries.has(HANDOVER_REVISION_KEY_BEFORE)).toBe(false);
  });
});

describe('withLatestBody for a first send', () => {
  it('continues an application from another device: its id, numbered one above its last revision', () => {
    const record = withLatestBody(undefined, URL, { firstName: 'Ada' }, counter('new'), T0, { applicationId: 'app-1', revision: 6 });
    expect(record).toMatchObject({ applicationId: 'app-1', revision: 7, key: 'new-1', body: { firstName: 'Ada' }, createdAt: T0, attempts: 0 });
  });

  it('numbers a continued application handed over before any send at 1', () => {
    expect(withLatestBody(undefined, URL, {}, counter(), T0, { applicationId: 'app-1', revision: 0 })).toMatchObject({ applicationId: 'app-1', revision: 1 });
  });

  it('without a continued application takes a fresh id and revision 1, and a key other than the id', () => {
    const record = withLatestBody(undefined, URL, { firstName: 'Ada' }, counter(), T0);
    expect(record).toMatchObject({ applicationId: 'id-1', key: 'id-2', revision: 1 });
  });

  it('ignores the continued application once a record exists: the record’s revision goes on', () => {
    const existing = queued('app-1', 3);
    const record = withLatestBody(existing, URL, { firstName: 'Grace' }, counter('new'), T0, { applicationId: 'app-other', revision: 50 });
    expect(record).toMatchObject({ applicationId: 'app-1', revision: 4, key: 'new-1' });
  });
});
