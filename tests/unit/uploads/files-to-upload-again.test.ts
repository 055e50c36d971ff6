import { describe, expect, it } from 'vitest';
import { filesToUploadAgain } from '../../../src/uploads/files-to-upload-again';

const sha = (n: number) => n.toString(16).padStart(64, '0');
const sent = {
  files: [
    { key: 'photos', uploadId: 'u1', sha256: sha(1) },
    { key: 'mediaKit', uploadId: 'u2', sha256: sha(2) },
    { key: 'photos', uploadId: 'u3', sha256: sha(3) },
  ],
};
const onDevice = () => true;

describe('which refused files the page uploads again by itself', () => {
  it("finds each file by its place among its field key's files, for file-incomplete and file-not-own", () => {
    expect(filesToUploadAgain(sent, [{ key: 'photos', index: 1, rule: 'file-incomplete' }], [], onDevice)).toEqual([sha(3)]);
    expect(
      filesToUploadAgain(
        sent,
        [
          { key: 'mediaKit', index: 0, rule: 'file-not-own' },
          { key: 'photos', index: 0, rule: 'file-incomplete' },
        ],
        [],
        onDevice,
      ),
    ).toEqual([sha(2), sha(1)]);
  });

  it('uploads none again when a file is refused by its content: the creator must replace that one anyway', () => {
    expect(
      filesToUploadAgain(
        sent,
        [
          { key: 'photos', index: 0, rule: 'file-incomplete' },
          { key: 'mediaKit', index: 0, rule: 'file-type' },
        ],
        [],
        onDevice,
      ),
    ).toEqual([]);
    expect(filesToUploadAgain(sent, [{ key: 'mediaKit', index: 0, rule: 'file-too-large' }], [], onDevice)).toEqual([]);
  });

  it('uploads a file again once only, and never one whose bytes are not on this device', () => {
    expect(filesToUploadAgain(sent, [{ key: 'photos', index: 1, rule: 'file-incomplete' }], [sha(3)], onDevice)).toEqual([]);
    expect(filesToUploadAgain(sent, [{ key: 'photos', index: 1, rule: 'file-incomplete' }], [], (sha256) => sha256 !== sha(3))).toEqual([]);
  });

  it('uploads none again for a place the body does not have', () => {
    expect(filesToUploadAgain(sent, [{ key: 'photos', index: 5, rule: 'file-incomplete' }], [], onDevice)).toEqual([]);
    expect(filesToUploadAgain(sent, [], [], onDevice)).toEqual([]);
  });
});
