// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRefusalSummary, OTHER_CLIENTS, type RefusalSummary } from '../../../../server/log/refusal-summary.mjs';
import { createServerLog } from '../../../../server/log/server-log.mjs';

afterEach(() => {
  vi.useRealTimers();
});

describe('refusals summarised, not echoed', () => {
  it('logs the first refusal of a client and rule in full, then one count per interval', () => {
    vi.useFakeTimers();
    const summaries: RefusalSummary[] = [];
    const summary = createRefusalSummary({ write: (line) => summaries.push(line), intervalMs: 60_000 });
    const refused = (client: string, status = 429, reason = 'rate limited') => summary.logInFull({ client, status, reason });
    expect(refused('a')).toBe(true);
    expect(Array.from({ length: 2143 }, () => refused('a')).some(Boolean)).toBe(false);
    // Another rule or another client is logged in full once too; a 422's paths do not make it another rule.
    expect(refused('a', 422, 'answers the wizard would refuse: unknown-answer at body')).toBe(true);
    expect(refused('a', 422, 'answers the wizard would refuse: invalid at personalInfo.zip')).toBe(false);
    expect(refused('b')).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(summaries).toEqual([
      { client: 'a', status: 429, kind: 'rate limited', count: 2143, seconds: 60 },
      { client: 'a', status: 422, kind: 'answers the wizard would refuse', count: 1, seconds: 60 },
    ]);
    // Still flooding: counted on, a line a minute.
    expect(refused('a')).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(summaries.at(-1)).toEqual({ client: 'a', status: 429, kind: 'rate limited', count: 1, seconds: 60 });
    // A quiet minute forgets the client: its next refusal is logged in full again, and nothing is left to tell.
    vi.advanceTimersByTime(120_000);
    expect(summary.size).toBe(0);
    expect(refused('a')).toBe(true);
  });

  it('holds at most maxTracked clients and counts the others together', () => {
    // The clock stands still: on a loaded machine the 100,000 refusals took over a second, and
    // the summary's `seconds` said so.
    vi.useFakeTimers();
    const summaries: RefusalSummary[] = [];
    const summary = createRefusalSummary({ write: (line) => summaries.push(line), maxTracked: 100 });
    const full = Array.from({ length: 100_000 }, (_, index) => summary.logInFull({ client: `c${String(index)}`, status: 429, reason: 'rate limited' })).filter(
      Boolean,
    ).length;
    expect(full).toBe(101);
    expect(summary.size).toBe(101);
    summary.close();
    expect(summaries).toEqual([{ client: OTHER_CLIENTS, status: 429, kind: 'rate limited', count: 100_000 - 101, seconds: 0 }]);
    expect(summary.size).toBe(0);
  });

  it('tells what it still counts when closed (shutdown), in the log format', () => {
    const written: string[] = [];
    const now = () => new Date('2026-11-27T06:01:00.000Z');
    const text = createServerLog({ format: 'text', write: (line) => written.push(line), now });
    const json = createServerLog({ write: (line) => written.push(line), now });
    for (const log of [text, json]) {
      for (let i = 0; i < 2144; i += 1)
        log.request({ method: 'PUT', path: '/api/applications', status: 429, ms: 0.2, reason: 'rate limited', client: '3f9a1c2d7e0b' });
      log.close();
    }
    expect(written).toEqual([
      '2026-11-27T06:01:00.000Z PUT /api/applications 429 0.2 ms (rate limited) client 3f9a1c2d7e0b\n',
      '2026-11-27T06:01:00.000Z refused 2,143 more (429 rate limited) from client 3f9a1c2d7e0b in 0 s\n',
      `${JSON.stringify({ time: '2026-11-27T06:01:00.000Z', kind: 'request', method: 'PUT', path: '/api/applications', status: 429, ms: 0.2, reason: 'rate limited', client: '3f9a1c2d7e0b' })}\n`,
      `${JSON.stringify({ time: '2026-11-27T06:01:00.000Z', kind: 'refusals', status: 429, reason: 'rate limited', client: '3f9a1c2d7e0b', count: 2143, seconds: 0 })}\n`,
    ]);
  });

  it('never holds back an answer that is not a refusal', () => {
    const written: string[] = [];
    const log = createServerLog({ write: (line) => written.push(line) });
    for (let i = 0; i < 5; i += 1) log.request({ method: 'GET', path: '/', status: 200, ms: 1 });
    expect(written).toHaveLength(5);
  });
});
