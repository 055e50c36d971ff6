// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusalKey, rowState } from '../../../src/files/file-row-state';

const uploaded = { sha256: 'a'.repeat(64), name: 'a.jpg', type: 'image/jpeg', size: 3, blob: new Blob(['abc']), uploaded: true };

describe("a kept file's row", () => {
  it('says the file was refused when the receiver refused it at the send, though it was uploaded whole', () => {
    expect(rowState(uploaded, { state: 'done', bytesSent: 3, bytesTotal: 3 }, 'file-type')).toBe('refused');
    expect(rowState(uploaded, undefined, 'file-too-large')).toBe('refused');
  });

  it('says uploaded, waiting, or missing as before when nothing was refused', () => {
    expect(rowState(uploaded, undefined)).toBe('uploaded');
    expect(rowState({ ...uploaded, uploaded: false }, undefined)).toBe('waiting');
    expect(rowState(null, undefined)).toBe('missing');
    expect(rowState(undefined, undefined)).toBe('reading');
  });

  it('words each rule the receiver refuses by, and any other as a file that could not be uploaded', () => {
    expect(refusalKey('file-type')).toBe('fileRefusedType');
    expect(refusalKey('file-too-large')).toBe('fileRefusedTooLarge');
    expect(refusalKey('file-dimensions')).toBe('fileRefusedDimensions');
    expect(refusalKey('file-not-own')).toBe('fileUploadFailed');
  });
});
