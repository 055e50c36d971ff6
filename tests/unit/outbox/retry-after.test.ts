import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_SECONDS, retryAfterMs } from '../../../src/outbox/retry-after';

const NOW = Date.UTC(2025, 0, 15, 9, 0, 0);

describe('retryAfterMs', () => {
  it('reads delta-seconds', () => {
    expect(retryAfterMs('5', NOW)).toBe(5_000);
    expect(retryAfterMs('0', NOW)).toBe(0);
    expect(retryAfterMs(' 120 ', NOW)).toBe(120_000);
  });

  it('reads an HTTP-date as the time left until it', () => {
    expect(retryAfterMs('Wed, 15 Jan 2025 09:00:30 GMT', NOW)).toBe(30_000);
    // The obsolete RFC 850 form, which a recipient must still accept.
    expect(retryAfterMs('Wednesday, 15-Jan-25 09:01:00 GMT', NOW)).toBe(60_000);
  });

  it('does not wait for a date in the past', () => {
    expect(retryAfterMs('Wed, 15 Jan 2025 08:59:00 GMT', NOW)).toBe(0);
  });

  it('caps the wait at an hour, however far the server asks', () => {
    expect(MAX_RETRY_AFTER_SECONDS).toBe(3600);
    expect(retryAfterMs('86400', NOW)).toBe(3_600_000);
    expect(retryAfterMs('Fri, 31 Dec 2049 23:59:59 GMT', NOW)).toBe(3_600_000);
  });

  it.each([null, '', 'soon', '-5', '5s', '1e3', 'NaN', 'Infinity'])('ignores no header or garbage: %j', (value) => {
    expect(retryAfterMs(value, NOW)).toBe(0);
  });
});
