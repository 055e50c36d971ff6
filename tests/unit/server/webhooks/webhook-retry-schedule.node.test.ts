// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { afterFailure, FIRST_RETRY_MS, GIVE_UP_AFTER_MS, MAX_RETRY_INTERVAL_MS, retryDelayMs } from '../../../../server/webhooks/retry-schedule.mjs';

describe('the webhooks retry schedule', () => {
  it('tries again within 10 seconds after the first failure, whatever the jitter', () => {
    expect(retryDelayMs(1, () => 0)).toBe(FIRST_RETRY_MS / 2);
    expect(retryDelayMs(1, () => 0.999999)).toBeLessThanOrEqual(FIRST_RETRY_MS);
    expect(FIRST_RETRY_MS).toBeLessThanOrEqual(10_000);
  });

  it('doubles the wait after each failure, with jitter within half of it, up to six hours', () => {
    const waits = [1, 2, 3, 4, 5].map((attempts) => [retryDelayMs(attempts, () => 0), retryDelayMs(attempts, () => 0.999999)]);
    expect(waits.map(([low]) => low)).toEqual([2_500, 5_000, 10_000, 20_000, 40_000]);
    for (const [low, high] of waits) expect(high).toBeGreaterThanOrEqual((low ?? 0) * 2 - 1);
    expect(retryDelayMs(40, () => 0.999999)).toBeLessThanOrEqual(MAX_RETRY_INTERVAL_MS);
    expect(retryDelayMs(40, () => 0)).toBe(MAX_RETRY_INTERVAL_MS / 2);
  });

  it('keeps trying for three days, then gives up', () => {
    const start = Date.parse('2026-11-25T12:00:00Z');
    const giveUpAt = new Date(start + GIVE_UP_AFTER_MS);
    let failedAt = new Date(start);
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const next = afterFailure({ attempts, failedAt, giveUpAt, random: () => 0.5 });
      if ('giveUp' in next) break;
      expect(next.retryAt.getTime()).toBeGreaterThan(failedAt.getTime());
      failedAt = next.retryAt;
    }
    // About twenty attempts over the three days, the last of them less than six hours before the end.
    expect(attempts).toBeGreaterThan(15);
    expect(attempts).toBeLessThan(30);
    expect(giveUpAt.getTime() - failedAt.getTime()).toBeLessThan(MAX_RETRY_INTERVAL_MS);
  });
});
