// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseStatusAnswer } from '../../../src/status/status-answer';
import { keptFrom, readKept, statusView, type LookupOutcome } from '../../../src/status/status-view';

const BODY = {
  reference: 'K7QM-4XTR',
  receivedAt: '2026-12-02T17:40:00Z',
  status: 'in-review',
  changedAt: '2026-12-03T10:00:00Z',
  message: null,
  language: null,
  history: [],
};
const ANSWER = parseStatusAnswer(BODY)!;
const FRESH: LookupOutcome = { kind: 'answer', answer: ANSWER, body: BODY };
const KEPT = { body: BODY, checkedAt: 1000 };
const NOW = 5000;

describe('statusView: what the status page shows', () => {
  it('a fresh answer, checked now', () => {
    expect(statusView(FRESH, KEPT, NOW)).toEqual({ kind: 'standing', answer: ANSWER, checkedAt: NOW, stale: null });
  });

  it('while the lookup is out: the kept answer, else “checking”', () => {
    expect(statusView(null, KEPT, NOW)).toEqual({ kind: 'standing', answer: ANSWER, checkedAt: 1000, stale: 'checking' });
    expect(statusView(null, null, NOW)).toEqual({ kind: 'notice', notice: 'checking' });
  });

  it.each(['offline', 'failed', 'busy'] as const)('%s: the kept answer saying when it was checked, else why there is none', (kind) => {
    expect(statusView({ kind }, KEPT, NOW)).toEqual({ kind: 'standing', answer: ANSWER, checkedAt: 1000, stale: kind });
    expect(statusView({ kind }, null, NOW)).toEqual({ kind: 'notice', notice: kind });
  });

  it('a 410: no longer held, fresh or kept', () => {
    expect(statusView({ kind: 'withdrawn' }, KEPT, NOW)).toEqual({ kind: 'withdrawn', checkedAt: NOW, stale: null });
    expect(statusView({ kind: 'offline' }, { body: 'withdrawn', checkedAt: 7 }, NOW)).toEqual({ kind: 'withdrawn', checkedAt: 7, stale: 'offline' });
  });

  it('a 404: the link is not known, whatever was kept', () => {
    expect(statusView({ kind: 'unknown' }, KEPT, NOW)).toEqual({ kind: 'notice', notice: 'unknown-link' });
  });

  it('a kept record it cannot read counts as none', () => {
    expect(statusView({ kind: 'offline' }, { body: { reference: 'nope' }, checkedAt: 1 }, NOW)).toEqual({ kind: 'notice', notice: 'offline' });
  });
});

describe('what is kept of a lookup', () => {
  it('an answer’s body or a 410, with when; nothing for a failure', () => {
    expect(keptFrom(FRESH, NOW)).toEqual({ body: BODY, checkedAt: NOW });
    expect(keptFrom({ kind: 'withdrawn' }, NOW)).toEqual({ body: 'withdrawn', checkedAt: NOW });
    for (const kind of ['unknown', 'busy', 'offline', 'failed'] as const) expect(keptFrom({ kind }, NOW)).toBeNull();
  });

  it('reads back only a record with a moment', () => {
    expect(readKept(KEPT)).toEqual(KEPT);
    expect(readKept({ body: BODY })).toBeNull();
    expect(readKept(undefined)).toBeNull();
  });
});
