// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lineageToHandOver, readLineage, writeLineage } from '../../../src/handover/application-lineage';
import { withLatestBody, type OutboxRecord } from '../../../src/outbox/outbox-record';
import { LINEAGE_KEY } from '../../../src/storage/stored-keys';
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

describe('lineageToHandOver', () => {
  it('hands over the queued record’s application and revision when there is no lineage', () => {
    expect(lineageToHandOver(queued('app-1', 3), undefined, neverAsked)).toEqual({ applicationId: 'app-1', revision: 3 });
  });

  it('hands over the higher of the record’s and the lineage’s revision for the same application', () => {
    // Received at revision 7, nothing sent yet since the edit that queued revision 8: 8.
    expect(lineageToHandOver(queued('app-1', 8), { applicationId: 'app-1', revision: 7 }, neverAsked)).toEqual({ applicationId: 'app-1', revision: 8 });
    // A record older than what the lineage knows (sent from a device it went to and came back from): the lineage's.
    expect(lineageToHandOver(queued('app-1', 2), { applicationId: 'app-1', revision: 9 }, neverAsked)).toEqual({ applicationId: 'app-1', revision: 9 });
  });

  it('ignores the revision of a lineage of another application: the record’s application goes', () => {
    expect(lineageToHandOver(queued('app-1', 2), { applicationId: 'app-old', revision: 40 }, neverAsked)).toEqual({ applicationId: 'app-1', revision: 2 });
  });

  it('hands over the lineage as it is when nothing is queued', () => {
    expect(lineageToHandOver(undefined, { applicationId: 'app-1', revision: 5 }, neverAsked)).toEqual({ applicationId: 'app-1', revision: 5 });
  });

  it('starts a fresh application at revision 0 when the device has neither', () => {
    expect(lineageToHandOver(undefined, undefined, counter('fresh'))).toEqual({ applicationId: 'fresh-1', revision: 0 });
  });
});

describe('readLineage and writeLineage', () => {
  it('reads back what was written, under the lineage key', async () => {
    const store = memoryStore();
    await writeLineage(store, { applicationId: 'app-1', revision: 4 });
    expect(store.entries.get(LINEAGE_KEY)).toEqual({ applicationId: 'app-1', revision: 4 });
    expect(await readLineage(store)).toEqual({ applicationId: 'app-1', revision: 4 });
  });

  it('is undefined when nothing is stored', async () => {
    expect(await readLineage(memoryStore())).toBeUndefined();
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
  ])('ignores a stored lineage with %s', async (_, stored) => {
    const store = memoryStore();
    store.entries.set(LINEAGE_KEY, stored);
    expect(await readLineage(store)).toBeUndefined();
  });

  it('accepts revision 0: a lineage handed over before anything was sent', async () => {
    const store = memoryStore();
    store.entries.set(LINEAGE_KEY, { applicationId: 'app-1', revision: 0 });
    expect(await readLineage(store)).toEqual({ applicationId: 'app-1', revision: 0 });
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
