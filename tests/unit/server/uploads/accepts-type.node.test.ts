import { describe, expect, it } from 'vitest';
import { acceptsType as pageRule } from '../../../../src/application/rules/file-fields';
import { acceptsType as receiverRule } from '../../../../server/uploads/accepts-type.mjs';

const ACCEPTS = [['image/jpeg', 'image/png'], ['image/*'], ['application/pdf'], ['IMAGE/JPEG'], ['image/*', 'application/pdf']];
const TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'Image/JPEG',
  'image/jpeg; charset=binary',
  'application/pdf',
  'application/x-msdownload',
  'application/octet-stream',
  'text/plain',
  'image',
  'image/',
  '/jpeg',
  '',
];

describe("the receiver's copy of the file field's type rule", () => {
  it('answers as the page does, for every accept list and type', () => {
    for (const accept of ACCEPTS) for (const type of TYPES) expect([accept, type, receiverRule(accept, type)]).toEqual([accept, type, pageRule(accept, type)]);
  });

  it('takes a family by `type/*` and refuses a program whatever its name', () => {
    expect(receiverRule(['image/*'], 'image/webp')).toBe(true);
    expect(receiverRule(['image/*'], 'application/x-msdownload')).toBe(false);
    // Stricter than the page on a type that is no MIME type at all (the page never meets one: it reads types from the browser).
    expect(receiverRule(['image/*'], 'image/jpeg/x')).toBe(false);
  });
});
