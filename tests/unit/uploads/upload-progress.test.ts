import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceFile } from '../../../src/storage/device-files';
import { pageUploadsOf } from '../../../src/uploads/page-uploads';
import { sessionUploads } from '../../../src/uploads/session-uploads';
import { SessionUploadsContext } from '../../../src/uploads/session-uploads-context';
import { showsTheSame } from '../../../src/uploads/upload-progress';
import { useUploadProgress } from '../../../src/uploads/use-upload-progress';
import { fakePage } from '../../support/fake-page';

const SHA = 'e'.repeat(64);
const kept = new Map<string, DeviceFile>([
  [SHA, { sha256: SHA, name: 'kit.pdf', type: 'application/pdf', size: 1234, uploaded: true, uploadUrl: `https://example.com/api/uploads/${'1'.repeat(32)}` }],
]);
vi.mock('../../../src/storage/device-files', () => ({
  getDeviceFile: (sha256: string) => Promise.resolve(kept.get(sha256)),
  listDeviceFiles: () => Promise.resolve([...kept.values()]),
  updateDeviceFile: () => Promise.resolve(),
}));

describe("the page's upload progress, as the file field reads it", () => {
  it('shows a file uploaded before (a reload) as done, the same object until it changes, and forgets it on Remove', async () => {
    const owner = sessionUploads({ network: fakePage(), locks: undefined });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(SessionUploadsContext.Provider, { value: owner }, children);
    const { result } = renderHook(() => useUploadProgress(SHA), { wrapper });
    expect(result.current).toBeUndefined();
    // The field's queue is the session's: the one the outbox would reach too.
    const uploads = pageUploadsOf(owner);
    const changed = vi.fn();
    const stop = uploads.subscribe(changed);
    await act(async () => {
      uploads.uploadSoon('https://example.com/api/uploads', { [SHA]: 'mediaKit' });
      await vi.waitFor(() => {
        expect(uploads.progressOf(SHA)).toBeDefined();
      });
    });
    expect(result.current).toEqual({ state: 'done', bytesSent: 1234, bytesTotal: 1234 });
    // useSyncExternalStore compares snapshots by identity: the same object while nothing changed.
    expect(uploads.progressOf(SHA)).toBe(uploads.progressOf(SHA));
    expect(changed).toHaveBeenCalled();
    act(() => {
      uploads.forget(SHA);
    });
    expect(result.current).toBeUndefined();
    stop();
    owner.dispose();
  });
});

describe('showsTheSame', () => {
  const at = (bytesSent: number, state: 'uploading' | 'paused' = 'uploading') => ({ state, bytesSent, bytesTotal: 20_000_000 });
  it('keeps a row as it is within a whole percent, so six rows are not redrawn at every progress event', () => {
    expect(showsTheSame(at(1_000_000), at(1_199_999))).toBe(true);
    expect(showsTheSame(at(1_000_000), at(1_200_000))).toBe(false);
  });
  it('redraws a row whose state, failure or total changed, whatever its bytes', () => {
    expect(showsTheSame(at(1_000_000), at(1_000_000, 'paused'))).toBe(false);
    expect(showsTheSame(at(0), { ...at(0), bytesTotal: 0 })).toBe(false);
    expect(showsTheSame({ ...at(5), state: 'failed' }, { ...at(5), state: 'failed', error: 'type' })).toBe(false);
  });
});
