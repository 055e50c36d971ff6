import { describe, expect, it } from 'vitest';
import { formatFileSize, formatSizeLimit } from '../../../src/files/format-file-size';

describe('formatSizeLimit', () => {
  it('rounds a field’s largest file down, so the limit shown is never more than the receiver takes', () => {
    // The example programme's limits: 15 MiB and 25 MiB.
    expect(formatSizeLimit(15 * 1024 * 1024, 'en')).toBe('15 MB');
    expect(formatSizeLimit(25 * 1024 * 1024, 'en')).toBe('26 MB');
    expect(formatSizeLimit(26_999_999, 'en')).toBe('26 MB');
    expect(formatSizeLimit(2_560_000, 'en')).toBe('2.5 MB');
    expect(formatSizeLimit(1_999, 'en')).toBe('1.9 kB');
    expect(formatSizeLimit(2_000, 'en')).toBe('2 kB');
  });

  it('leaves a file’s own size rounded to the nearest', () => {
    expect(formatFileSize(15 * 1024 * 1024, 'en')).toBe('16 MB');
    expect(formatFileSize(1_999, 'en')).toBe('2 kB');
  });
});
