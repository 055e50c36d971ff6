import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceFile } from '../../../src/storage/device-files';
import { createProofs } from '../../../src/proof-of-work/proofs';
import { pageOutbox } from '../../../src/session/page-outbox';
import { createResilientStore } from '../../../src/storage/resilient-store';
import { sessionUploads } from '../../../src/uploads/session-uploads';
import { fakePage } from '../../support/fake-page';
import { stubFetchAnswering } from '../../support/stub-fetch';

const SHA = 'f'.repeat(64);
const UPLOAD_ID = 'abcdefabcdefabcdefabcdefabcdef12';
const kept = new Map<string, DeviceFile>();
vi.mock('../../../src/storage/device-files', () => ({
  getDeviceFile: (sha256: string) => Promise.resolve(kept.get(sha256)),
  listDeviceFiles: () => Promise.resolve([...kept.values()]),
  updateDeviceFile: () => Promise.resolve(),
  clearDeviceFiles: () => Promise.resolve(),
}));

const body = { personalInfo: {}, platforms: {}, fields: [], files: [{ key: 'mediaKit', uploadId: '', sha256: SHA }] };

function outbox() {
  return pageOutbox({
    store: createResilientStore({ dbName: `page-outbox-files-${String(Math.random())}`, storeName: 'state' }),
    locks: undefined,
    timeoutMs: 1000,
    onAccepted: () => Promise.resolve(),
    proofs: createProofs({ fetchChallenge: () => Promise.resolve(null), solve: () => Promise.resolve(null) }),
    uploads: sessionUploads({ network: fakePage(), locks: undefined }),
  });
}

afterEach(() => {
  kept.clear();
  vi.unstubAllGlobals();
});

describe("the page's outbox and the application's files", () => {
  it('sends the PUT with each file named by the upload id the receiver gave it', async () => {
    kept.set(SHA, {
      sha256: SHA,
      name: 'kit.pdf',
      type: 'application/pdf',
      size: 10,
      uploaded: true,
      uploadUrl: `https://example.com/api/uploads/${UPLOAD_ID}`,
    });
    const fetchMock = stubFetchAnswering(201);
    expect(await outbox().submit('https://example.com/api/applications', body)).toBe('accepted');
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(JSON.parse(put?.[1].body as string)).toEqual({ ...body, files: [{ key: 'mediaKit', uploadId: UPLOAD_ID, sha256: SHA }] });
  });

  it('sends nothing while a file is not uploaded, and says so', async () => {
    // Kept without its bytes here: nothing this page can upload, nothing sent with an empty id.
    kept.set(SHA, { sha256: SHA, name: 'kit.pdf', type: 'application/pdf', size: 10, uploadUrl: `https://example.com/api/uploads/${UPLOAD_ID}` });
    const fetchMock = stubFetchAnswering(201);
    const queue = outbox();
    await queue.submit('https://example.com/api/applications', body);
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT')).toHaveLength(0);
    expect(queue.getStatus()).toMatchObject({ state: 'uploading', files: { uploaded: 0, total: 1, failed: { key: 'mediaKit', reason: 'elsewhere' } } });
    queue.stop();
  });
});
