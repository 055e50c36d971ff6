import { describe, expect, it } from 'vitest';
import { backoffSeconds, classifyAttempt, MAX_BACKOFF_SECONDS, nextAttemptAt } from '../../../src/outbox/retry-policy';
import { isRetryableStatus, type SendResult } from '../../../src/outbox/send-application';

function httpFailure(status: number): SendResult {
  return { ok: false, retryable: isRetryableStatus(status), status, error: `HTTP ${String(status)}` };
}

describe('backoffSeconds', () => {
  it.each([
    [1, 2],
    [2, 4],
    [3, 8],
    [4, 16],
    [5, 32],
    [6, 64],
    [7, 128],
    [8, 256],
  ])('waits 2^n seconds after %i failures: %i', (failures, seconds) => {
    expect(backoffSeconds(failures)).toBe(seconds);
  });

  it('is capped at 300 seconds', () => {
    expect(MAX_BACKOFF_SECONDS).toBe(300);
    expect(backoffSeconds(9)).toBe(300);
    expect(backoffSeconds(20)).toBe(300);
    expect(backoffSeconds(1_000)).toBe(300);
  });

  it('does not wait before the first attempt', () => {
    expect(backoffSeconds(0)).toBe(0);
    expect(backoffSeconds(-1)).toBe(0);
  });
});

describe('nextAttemptAt', () => {
  it('adds the backoff, in milliseconds, to the last attempt', () => {
    expect(nextAttemptAt(10_000, 1)).toBe(12_000);
    expect(nextAttemptAt(10_000, 3)).toBe(18_000);
    expect(nextAttemptAt(10_000, 12)).toBe(310_000);
  });

  it("waits for the server's Retry-After when it is longer than the backoff, and only then", () => {
    expect(nextAttemptAt(10_000, 1, 15_000)).toBe(15_000);
    expect(nextAttemptAt(10_000, 3, 15_000)).toBe(18_000);
  });
});

describe('classifyAttempt', () => {
  it('accepts any 2xx answer', () => {
    expect(classifyAttempt({ ok: true, status: 200 })).toBe('accepted');
    expect(classifyAttempt({ ok: true, status: 204 })).toBe('accepted');
  });

  it('retries after a network error or a timeout', () => {
    expect(classifyAttempt({ ok: false, retryable: true, status: null, error: 'Failed to fetch' })).toBe('retry');
    expect(classifyAttempt({ ok: false, retryable: true, status: null, error: 'timed out after 15000 ms' })).toBe('retry');
  });

  it.each([408, 429, 500, 502, 503])('retries after HTTP %i', (status) => {
    expect(classifyAttempt(httpFailure(status))).toBe('retry');
  });

  // Nothing answers PUTs at requestUrl: a receiver moved or not yet behind the proxy. The
  // deployment is being fixed; the application waits on the page's schedule rather than on a press.
  it.each([404, 405])('retries after HTTP %i, on the backoff schedule', (status) => {
    expect(classifyAttempt(httpFailure(status))).toBe('retry');
    expect([1, 2, 3, 9].map((failures) => nextAttemptAt(0, failures))).toEqual([2000, 4000, 8000, 300_000]);
  });

  it.each([400, 401, 403, 409, 413, 422])('treats HTTP %i as a refusal', (status) => {
    expect(classifyAttempt(httpFailure(status))).toBe('refused');
  });

  it('treats 410 Gone as withdrawn: final, never retried, whatever the answer said about retrying', () => {
    expect(classifyAttempt(httpFailure(410))).toBe('withdrawn');
    expect(classifyAttempt({ ok: false, retryable: false, status: 410, error: 'application-erased' })).toBe('withdrawn');
    expect(classifyAttempt({ ok: false, retryable: true, status: 410, error: 'HTTP 410', retryAfterMs: 5_000 })).toBe('withdrawn');
  });
});
