import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendReadiness } from '../../../src/outbox/attempt-once';
import { Outbox, type OutboxOptions, type OutboxRecord } from '../../../src/outbox/outbox';
import type { SendResult } from '../../../src/outbox/send-application';
import { showsServerError } from '../../../src/outbox/shows-server-error';
import { createResilientStore } from '../../../src/storage/resilient-store';

const URL = '/api/applications';
const ACCEPTED: SendResult = { ok: true, status: 201 };
const UPLOAD_ID = '0123456789abcdef0123456789abcdef';
let databases = 0;
const outboxes: Outbox[] = [];

const body = { personalInfo: { firstName: 'Ada' }, platforms: {}, fields: [], files: [{ key: 'mediaKit', uploadId: '', sha256: 'c'.repeat(64) }] };

function outboxWith(prepare: OutboxOptions['prepare'], send: OutboxOptions['send']): Outbox {
  databases += 1;
  const outbox = new Outbox({
    store: createResilientStore({ dbName: `outbox-files-${String(databases)}`, storeName: 'state' }),
    send,
    exclusively: (attempt) => attempt(),
    newId: () => `id-${String(databases)}`,
    prepare,
  });
  outboxes.push(outbox);
  return outbox;
}

/** Files readied in turn as scripted: waiting, then uploaded (the id filled in). */
function filesScript(...steps: Array<SendReadiness['ready'] | { failed: { key: string; reason: string } }>) {
  return vi.fn((record: OutboxRecord): Promise<SendReadiness> => {
    const step = steps.shift() ?? true;
    if (step === true) return Promise.resolve({ ready: true, body: { ...(record.body as typeof body), files: [{ ...body.files[0], uploadId: UPLOAD_ID }] } });
    return Promise.resolve({ ready: false, files: { uploaded: 0, total: 1, ...(step === false ? {} : step) } });
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
  vi.useRealTimers();
});

describe('an application that names files', () => {
  it('is not sent while its files upload, says how many are uploaded, and goes with their ids once they are', async () => {
    const send = vi.fn<OutboxOptions['send']>(() => Promise.resolve(ACCEPTED));
    const prepare = filesScript(false, true);
    const outbox = outboxWith(prepare, send);
    expect(await outbox.submit(URL, body)).toBe('retry');
    expect(send).not.toHaveBeenCalled();
    const status = outbox.getStatus();
    expect(status).toMatchObject({ state: 'uploading', files: { uploaded: 0, total: 1 } });
    // Waiting for files is not a failed send: no error line, no attempt counted, no timer.
    expect(showsServerError(status)).toBe(false);
    expect(status.state === 'uploading' && status.record.attempts).toBe(0);
    expect(vi.getTimerCount()).toBe(0);

    // The upload ended: the page's watch of the uploads asks again.
    outbox.retrySoon();
    await vi.waitFor(() => {
      expect(outbox.getStatus().state).toBe('accepted');
    });
    expect(send).toHaveBeenCalledOnce();
    const sent = send.mock.calls[0]?.[0];
    expect((sent?.body as typeof body).files[0]?.uploadId).toBe(UPLOAD_ID);
  });

  it('a file refused for good stops the send with its field named, until the answers change', async () => {
    const send = vi.fn<OutboxOptions['send']>(() => Promise.resolve(ACCEPTED));
    const prepare = filesScript({ failed: { key: 'mediaKit', reason: 'too-large' } }, true);
    const outbox = outboxWith(prepare, send);
    expect(await outbox.submit(URL, body)).toBe('refused');
    expect(outbox.getStatus()).toMatchObject({ state: 'uploading', files: { failed: { key: 'mediaKit', reason: 'too-large' } } });
    expect(send).not.toHaveBeenCalled();
    // The creator replaced the file: the draft saved revises the record, which is tried at once.
    await outbox.revise({ ...body, files: [{ key: 'mediaKit', uploadId: '', sha256: 'd'.repeat(64) }] });
    await vi.waitFor(() => {
      expect(outbox.getStatus().state).toBe('accepted');
    });
    expect(send).toHaveBeenCalledOnce();
  });

  it('an application without a prepare step is sent as it is', async () => {
    const send = vi.fn<OutboxOptions['send']>(() => Promise.resolve(ACCEPTED));
    const outbox = outboxWith(undefined, send);
    expect(await outbox.submit(URL, body)).toBe('accepted');
    expect(send.mock.calls[0]?.[0].body).toEqual(body);
  });
});
