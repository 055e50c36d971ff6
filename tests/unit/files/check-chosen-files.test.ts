// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusalBeforeReading, refusalOfKeptBytes } from '../../../src/files/check-chosen-files';
import { chosenFileType } from '../../../src/files/chosen-file-type';
import { SHRINK_INPUT_LIMIT_BYTES } from '../../../src/files/shrink-plan';

const RULES = { accept: ['image/*', 'application/pdf'], maxBytes: 5_000_000, maxFiles: 3 };
const PDF = { name: 'media-kit.pdf', type: 'application/pdf', size: 1_000, shrinks: false };

describe('refusalBeforeReading', () => {
  it('takes a file of an accepted type, under the size, with room in the field', () => {
    expect(refusalBeforeReading(PDF, RULES, 0)).toBeUndefined();
    expect(refusalBeforeReading({ name: 'a.heic', type: 'image/heic', size: 10, shrinks: false }, RULES, 2)).toBeUndefined();
  });

  it('refuses a type the field does not take', () => {
    expect(refusalBeforeReading({ ...PDF, name: 'tool.exe', type: 'application/x-msdownload' }, RULES, 0)).toBe('fileTypeRefused');
    expect(refusalBeforeReading({ ...PDF, type: 'application/pdf' }, { ...RULES, accept: ['image/jpeg'] }, 0)).toBe('fileTypeRefused');
  });

  it('refuses an empty file', () => {
    expect(refusalBeforeReading({ ...PDF, size: 0 }, RULES, 0)).toBe('fileEmpty');
  });

  it('refuses a file kept as it is over maxBytes before reading it, but leaves a photo to be judged once smaller', () => {
    expect(refusalBeforeReading({ ...PDF, size: 5_000_001 }, RULES, 0)).toBe('fileTooLarge');
    expect(refusalBeforeReading({ ...PDF, size: 5_000_000 }, RULES, 0)).toBeUndefined();
    const photo = { name: 'room.jpg', type: 'image/jpeg', size: 12_000_000, shrinks: true };
    expect(refusalBeforeReading(photo, RULES, 0)).toBeUndefined();
    expect(refusalBeforeReading({ ...photo, size: SHRINK_INPUT_LIMIT_BYTES + 1 }, RULES, 0)).toBe('fileTooLarge');
  });

  it('refuses a file once the field holds maxFiles', () => {
    expect(refusalBeforeReading(PDF, RULES, 3)).toBe('fileTooMany');
  });
});

describe('refusalOfKeptBytes', () => {
  const sha = 'f'.repeat(64);
  it('refuses bytes over maxBytes once made smaller, and the same bytes twice', () => {
    expect(refusalOfKeptBytes({ size: 4_000_000, sha256: sha }, RULES, new Set())).toBeUndefined();
    expect(refusalOfKeptBytes({ size: 6_000_000, sha256: sha }, RULES, new Set())).toBe('fileTooLarge');
    expect(refusalOfKeptBytes({ size: 10, sha256: sha }, RULES, new Set([sha]))).toBe('fileTwice');
    expect(refusalOfKeptBytes({ size: 0, sha256: sha }, RULES, new Set())).toBe('fileEmpty');
  });
});

describe('chosenFileType', () => {
  it("takes the browser's type in lower case, else the extension's for untyped photos", () => {
    expect(chosenFileType({ name: 'x.pdf', type: 'Application/PDF' })).toBe('application/pdf');
    expect(chosenFileType({ name: 'IMG_0001.HEIC', type: '' })).toBe('image/heic');
    expect(chosenFileType({ name: 'notes', type: '' })).toBe('application/octet-stream');
  });
});
