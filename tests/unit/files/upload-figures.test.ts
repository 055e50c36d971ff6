// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shownBytesSent, uploadingFigures } from '../../../src/files/upload-figures';

describe('what a row says of an upload on its way', () => {
  it('never says the whole file before the receiver confirmed it, however many bytes left', () => {
    expect(uploadingFigures(400_000, 400_000, 'en')).toEqual({ sent: '396 kB', total: '400 kB', percent: '99%' });
    // 1.44 MB of 1.5 MB read "1.5 MB of 1.5 MB (96 %)" when rounded to the nearest.
    expect(uploadingFigures(1_440_000, 1_500_000, 'en')).toEqual({ sent: '1.4 MB', total: '1.5 MB', percent: '96%' });
    const french = uploadingFigures(1_499_000, 1_500_000, 'fr');
    // French puts a narrow space between a number and its unit or % sign.
    expect(french.sent).toMatch(/^1,4\sMo$/);
    expect(french.total).toMatch(/^1,5\sMo$/);
    expect(french.percent).toMatch(/^99\s%$/);
  });

  it('says the share as it is below the cap', () => {
    expect(uploadingFigures(750, 1_500, 'en')).toEqual({ sent: '750 bytes', total: '1.5 kB', percent: '50%' });
    expect(uploadingFigures(0, 1_500, 'en').percent).toBe('0%');
  });

  it('shows every byte only once the upload is confirmed', () => {
    expect(shownBytesSent(400_000, 400_000, false)).toBe(396_000);
    expect(shownBytesSent(400_000, 400_000, true)).toBe(400_000);
    expect(shownBytesSent(10, 400_000, false)).toBe(10);
  });
});
