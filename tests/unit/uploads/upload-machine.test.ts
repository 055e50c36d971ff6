// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chosenUpload, failureOf, isFinalRefusal, mayStart, nextUploadStatus, type UploadEvent, type UploadStatus } from '../../../src/uploads/upload-machine';

function run(events: UploadEvent[], from?: UploadStatus): UploadStatus | null | undefined {
  let status: UploadStatus | null | undefined = from;
  for (const event of events) status = nextUploadStatus(status ?? undefined, event);
  return status;
}

describe('the upload state machine', () => {
  it('queues a chosen file, uploads it and is done when the receiver acknowledges every byte', () => {
    expect(run([{ type: 'chosen', bytesTotal: 100 }])).toEqual({ state: 'queued', bytesSent: 0, bytesTotal: 100 });
    expect(run([{ type: 'chosen', bytesTotal: 100 }, { type: 'started' }, { type: 'progress', bytesSent: 40 }])).toEqual({
      state: 'uploading',
      bytesSent: 40,
      bytesTotal: 100,
    });
    expect(run([{ type: 'chosen', bytesTotal: 100 }, { type: 'started' }, { type: 'progress', bytesSent: 40 }, { type: 'acknowledged' }])).toEqual({
      state: 'done',
      bytesSent: 100,
      bytesTotal: 100,
    });
  });

  it('pauses offline, keeping the bytes sent, and is back in line (then uploading again) once online', () => {
    const paused = run([{ type: 'chosen', bytesTotal: 100 }, { type: 'started' }, { type: 'progress', bytesSent: 60 }, { type: 'offline' }]);
    expect(paused).toEqual({ state: 'paused', bytesSent: 60, bytesTotal: 100, paused: 'offline' });
    expect(mayStart(paused ?? undefined, true)).toBe(false);
    // Progress still reported by a request on its way out does not unpause it.
    expect(run([{ type: 'progress', bytesSent: 70 }], paused ?? undefined)).toEqual(paused);
    const back = run([{ type: 'online' }], paused ?? undefined);
    expect(back).toEqual({ state: 'queued', bytesSent: 60, bytesTotal: 100 });
    expect(mayStart(back ?? undefined, true)).toBe(true);
    expect(mayStart(back ?? undefined, false)).toBe(false);
    // Resumed from the receiver's offset, not from zero.
    expect(run([{ type: 'started', bytesSent: 64 }], back ?? undefined)).toEqual({ state: 'uploading', bytesSent: 64, bytesTotal: 100 });
  });

  it('a cut connection pauses it until the retry is due; bytes moving again resume it', () => {
    const cut = run([{ type: 'chosen', bytesTotal: 100 }, { type: 'started' }, { type: 'progress', bytesSent: 30 }, { type: 'cut' }]);
    expect(cut).toEqual({ state: 'paused', bytesSent: 30, bytesTotal: 100, paused: 'cut' });
    expect(mayStart(cut ?? undefined, true)).toBe(false);
    expect(run([{ type: 'retry' }], cut ?? undefined)).toEqual({ state: 'queued', bytesSent: 30, bytesTotal: 100 });
    expect(run([{ type: 'progress', bytesSent: 50 }], cut ?? undefined)).toEqual({ state: 'uploading', bytesSent: 50, bytesTotal: 100 });
    // Offline says more than a cut: it is what ends first.
    const offline = run([{ type: 'offline' }], cut ?? undefined);
    expect(run([{ type: 'cut' }, { type: 'retry' }], offline ?? undefined)).toEqual(offline);
  });

  it('fails for good on a final refusal, with a reason the creator can act on', () => {
    const uploading = run([{ type: 'chosen', bytesTotal: 100 }, { type: 'started' }]) ?? undefined;
    expect(run([{ type: 'refused', status: 413 }], uploading)).toEqual({ state: 'failed', bytesSent: 0, bytesTotal: 100, failure: 'too-large' });
    expect(run([{ type: 'refused', status: 415 }], uploading)?.failure).toBe('type');
    expect(run([{ type: 'refused', status: 400 }], uploading)?.failure).toBe('refused');
    const failed = run([{ type: 'refused', status: 413 }], uploading) ?? undefined;
    expect(run([{ type: 'online' }, { type: 'started' }, { type: 'acknowledged' }], failed)).toEqual(failed);
  });

  it('a refusal that passes with time (429, 423, 409, 5xx-like) or a removed upload (404, 410) is not final', () => {
    for (const status of [404, 408, 409, 410, 423, 429]) expect(isFinalRefusal(status)).toBe(false);
    for (const status of [400, 403, 413, 415, 422]) expect(isFinalRefusal(status)).toBe(true);
    const uploading = run([{ type: 'chosen', bytesTotal: 100 }, { type: 'started' }]) ?? undefined;
    expect(run([{ type: 'refused', status: 429 }], uploading)).toEqual({ state: 'paused', bytesSent: 0, bytesTotal: 100, paused: 'cut' });
    expect(failureOf(413)).toBe('too-large');
  });

  it('done stays done whatever the network does; removing a file forgets its upload in any state', () => {
    const done = run([{ type: 'chosen', bytesTotal: 10 }, { type: 'started' }, { type: 'acknowledged' }]) ?? undefined;
    expect(run([{ type: 'offline' }, { type: 'cut' }, { type: 'started' }], done)).toEqual(done);
    expect(mayStart(done, true)).toBe(false);
    expect(nextUploadStatus(done, { type: 'removed' })).toBeNull();
    expect(nextUploadStatus(chosenUpload(5), { type: 'removed' })).toBeNull();
    // Events about a file never chosen do not invent one.
    expect(nextUploadStatus(undefined, { type: 'started' })).toBeNull();
  });

  it('keeps the bytes shown within the file', () => {
    const uploading = run([{ type: 'chosen', bytesTotal: 100 }, { type: 'started' }]) ?? undefined;
    expect(run([{ type: 'progress', bytesSent: 500 }], uploading)?.bytesSent).toBe(100);
    expect(run([{ type: 'progress', bytesSent: -3 }], uploading)?.bytesSent).toBe(0);
  });
});
