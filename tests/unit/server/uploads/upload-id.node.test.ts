// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { UPLOAD_ID as pagePattern } from '../../../../src/application/body/file-references';
import { UPLOAD_ID as receiverPattern } from '../../../../server/uploads/stored-uploads.mjs';

describe("an upload's id", () => {
  it('is one pattern on the page and at the receiver', () => {
    expect(receiverPattern.source).toBe(pagePattern.source);
    expect(receiverPattern.flags).toBe(pagePattern.flags);
  });

  it('is 32 lower-case hex digits, nothing else', () => {
    expect(pagePattern.test('0123456789abcdef0123456789abcdef')).toBe(true);
    for (const bad of [
      '0123456789ABCDEF0123456789abcdef',
      '0123456789abcdef0123456789abcde',
      '0123456789abcdef0123456789abcdef0',
      '../0123456789abcdef0123456789abcd',
    ])
      expect(pagePattern.test(bad)).toBe(false);
  });
});
