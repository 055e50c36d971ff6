import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPageEvents } from '../../../src/browser/page-events';
import { initialApplication } from '../../../src/drafts/initial-application';
import { createApplicationSession } from '../../../src/session/application-session';
import type { ApplicationSession } from '../../../src/session/application-session-contract';
import type { DeviceFile } from '../../../src/storage/device-files';
import { createPageUploads, pageUploadsOf } from '../../../src/uploads/page-uploads';
import { sessionUploads } from '../../../src/uploads/session-uploads';
import type { UploadStatus } from '../../../src/uploads/upload-machine';
import { progressMemo } from '../../../src/uploads/upload-progress';
import { defaultConfig, defaultProgramme } from '../../fixtures/default-programme';
import { memoryStore } from '../../component/support/memory-store';
import { fakePage, memorySyncStorage } from '../../support/fake-page';

// A file uploaded before (a reload): a queue asked for it shows it done, with no request made.
const SHA = 'c'.repeat(64);
const kept = new Map<string, DeviceFile>([
  [SHA, { sha256: SHA, name: 'kit.pdf', type: 'application/pdf', size: 300, uploaded: true, uploadUrl: `https://example.com/api/uploads/${'2'.repeat(32)}` }],
]);
vi.mock('../../../src/storage/device-files', () => ({
  getDeviceFile: (sha256: string) => Promise.resolve(kept.get(sha256)),
  listDeviceFiles: () => Promise.resolve([...kept.values()]),
  updateDeviceFile: () => Promise.resolve(),
  clearDeviceFiles: () => Promise.resolve(),
}));

const ENDPOINT = 'https://example.com/api/uploads';
const made: ApplicationSession[] = [];

/** A session of the default programme on a page a test drives, as the wizard makes one. */
function session(page = fakePage()): ApplicationSession {
  const config = defaultConfig();
  const initial = initialApplication(defaultProgramme, config.steps.length, { kind: 'none' }, false);
  const one = createApplicationSession({
    config,
    programme: defaultProgramme,
    initial,
    devices: { store: memoryStore(), locks: undefined, synchronous: memorySyncStorage(), page, serviceWorker: undefined, redirect: vi.fn() },
  });
  made.push(one);
  return one;
}

afterEach(() => {
  for (const one of made.splice(0)) one.dispose();
  vi.restoreAllMocks();
});

describe("the session's uploads", () => {
  it('are made at the first ask, once, and the session holds nothing of the network before', () => {
    const page = fakePage();
    const owner = session(page).uploads;
    const before = page.listening();
    const make = vi.fn(createPageUploads);
    expect(make).not.toHaveBeenCalled();
    const first = owner.pageUploads(make);
    expect(owner.pageUploads(make)).toBe(first);
    expect(pageUploadsOf(owner)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    // Its online and offline listeners.
    expect(page.listening()).toBe(before + 2);
  });

  it('of two sessions are two queues: what one uploads, the other neither shows nor tells', async () => {
    const one = pageUploadsOf(session().uploads);
    const other = pageUploadsOf(session().uploads);
    expect(other).not.toBe(one);
    const heard = vi.fn();
    other.subscribe(heard);
    one.uploadSoon(ENDPOINT, { [SHA]: 'mediaKit' });
    await vi.waitFor(() => {
      expect(one.progressOf(SHA)?.state).toBe('done');
    });
    expect(other.progressOf(SHA)).toBeUndefined();
    expect(heard).not.toHaveBeenCalled();
  });

  it('go with their session: its dispose removes the online and offline listeners, and nothing is taken after', () => {
    const page = fakePage();
    const one = session(page);
    const before = page.listening();
    pageUploadsOf(one.uploads);
    one.dispose();
    expect(page.listening()).toBe(before);
    // A step still drawn as the session ends asks again: a queue, holding nothing of the page.
    pageUploadsOf(one.uploads);
    expect(page.listening()).toBe(before);
    const late = sessionUploads({ network: page, locks: undefined });
    late.dispose();
    pageUploadsOf(late);
    expect(page.listening()).toBe(before);
  });

  it("leave no listener on the browser's window when several are made and disposed", () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    for (let count = 0; count < 3; count += 1) {
      const owner = sessionUploads({ network: browserPageEvents(), locks: undefined });
      pageUploadsOf(owner);
      owner.dispose();
    }
    const network = (calls: ReadonlyArray<readonly unknown[]>) =>
      calls.filter(([type]) => type === 'online' || type === 'offline').map(([type, listener]) => [type, listener]);
    const on = network(added.mock.calls);
    expect(on).toHaveLength(6);
    expect(network(removed.mock.calls)).toEqual(on);
  });
});

describe('progressMemo', () => {
  it('gives the same object while a row would show the same, a new one at each whole percent', () => {
    let status: UploadStatus | undefined = { state: 'uploading', bytesSent: 1_000_000, bytesTotal: 20_000_000 };
    const progressOf = progressMemo(() => status);
    const first = progressOf(SHA);
    status = { state: 'uploading', bytesSent: 1_199_999, bytesTotal: 20_000_000 };
    expect(progressOf(SHA)).toBe(first);
    status = { state: 'uploading', bytesSent: 1_200_000, bytesTotal: 20_000_000 };
    expect(progressOf(SHA)).not.toBe(first);
    expect(progressOf(SHA)).toEqual({ state: 'uploading', bytesSent: 1_200_000, bytesTotal: 20_000_000 });
    status = undefined;
    expect(progressOf(SHA)).toBeUndefined();
  });
});
