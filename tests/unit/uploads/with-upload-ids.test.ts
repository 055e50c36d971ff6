// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toSendReadiness, uploadIdOf, withUploadIds, type KnownFile } from '../../../src/uploads/with-upload-ids';

const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);
const SHA_C = 'c'.repeat(64);
const ID_A = '0123456789abcdef0123456789abcdef';
const ID_B = 'fedcba9876543210fedcba9876543210';

const body = {
  personalInfo: { firstName: 'Ada' },
  platforms: {},
  fields: [],
  files: [
    { key: 'roomPhotos', uploadId: '', sha256: SHA_A },
    { key: 'roomPhotos', uploadId: '', sha256: SHA_B },
    { key: 'mediaKit', uploadId: '', sha256: SHA_C },
  ],
};

function device(files: Record<string, KnownFile>): (sha256: string) => KnownFile | undefined {
  return (sha256) => files[sha256];
}

describe('withUploadIds', () => {
  it('fills every upload id from the address the receiver gave, once every file is uploaded', () => {
    const readiness = withUploadIds(
      body,
      device({
        [SHA_A]: { hasBytes: true, uploaded: true, uploadUrl: `https://example.com/api/uploads/${ID_A}` },
        [SHA_B]: { hasBytes: true, uploaded: true, uploadUrl: `/api/uploads/${ID_B}` },
        [SHA_C]: { hasBytes: true, uploaded: true, uploadUrl: `https://example.com/api/uploads/${ID_B}?x=1` },
      }),
    );
    expect(readiness).toEqual({
      ready: true,
      body: {
        ...body,
        files: [
          { key: 'roomPhotos', uploadId: ID_A, sha256: SHA_A },
          { key: 'roomPhotos', uploadId: ID_B, sha256: SHA_B },
          { key: 'mediaKit', uploadId: ID_B, sha256: SHA_C },
        ],
      },
    });
    // The body the form made is left as it was.
    expect(body.files[0]?.uploadId).toBe('');
  });

  it('says how many are uploaded and which wait while any is not: an empty upload id is never sent', () => {
    const readiness = withUploadIds(
      body,
      device({
        [SHA_A]: { hasBytes: true, uploaded: true, uploadUrl: `/api/uploads/${ID_A}` },
        // Created but not every byte acknowledged yet.
        [SHA_B]: { hasBytes: true, uploadUrl: `/api/uploads/${ID_B}` },
        [SHA_C]: { hasBytes: true },
      }),
    );
    expect(readiness).toMatchObject({ ready: false, uploaded: 1, total: 3, waiting: [{ sha256: SHA_B }, { sha256: SHA_C }], elsewhere: [] });
    expect(toSendReadiness(readiness)).toEqual({ ready: false, files: { uploaded: 1, total: 3 } });
  });

  it('names a file refused for good by its field, so the creator knows which to replace', () => {
    const readiness = withUploadIds(
      body,
      device({ [SHA_A]: { hasBytes: true, uploaded: true, uploadUrl: `/api/uploads/${ID_A}` }, [SHA_B]: { hasBytes: true }, [SHA_C]: { hasBytes: true } }),
      (sha256) => (sha256 === SHA_C ? 'too-large' : undefined),
    );
    expect(toSendReadiness(readiness)).toEqual({
      ready: false,
      files: { uploaded: 1, total: 3, failed: { key: 'mediaKit', reason: 'too-large', sha256: SHA_C } },
    });
  });

  it('keeps the ids of files uploaded from another device, and names those whose bytes stayed there', () => {
    const handed = {
      ...body,
      files: [
        { key: 'roomPhotos', uploadId: ID_A, sha256: SHA_A },
        { key: 'mediaKit', uploadId: '', sha256: SHA_C },
      ],
    };
    const readiness = withUploadIds(handed, device({ [SHA_C]: { hasBytes: false } }));
    expect(readiness).toMatchObject({ ready: false, uploaded: 1, total: 2, waiting: [], elsewhere: [{ sha256: SHA_C }] });
    expect(toSendReadiness(readiness)).toEqual({
      ready: false,
      files: { uploaded: 1, total: 2, failed: { key: 'mediaKit', reason: 'elsewhere', sha256: SHA_C } },
    });
    expect(withUploadIds({ ...handed, files: [handed.files[0]] }, device({}))).toEqual({ ready: true, body: { ...handed, files: [handed.files[0]] } });
  });

  it('lets a body without files go as it is', () => {
    const plain = { personalInfo: {}, platforms: {}, fields: [], files: [] };
    expect(withUploadIds(plain, device({}))).toEqual({ ready: true, body: plain });
    expect(withUploadIds({ personalInfo: {} }, device({}))).toEqual({ ready: true, body: { personalInfo: {} } });
  });

  it('reads the upload id as the last segment of the upload address', () => {
    expect(uploadIdOf(`https://example.com/api/uploads/${ID_A}`)).toBe(ID_A);
    expect(uploadIdOf(`/x/uploads/${ID_A}#y`)).toBe(ID_A);
  });
});
