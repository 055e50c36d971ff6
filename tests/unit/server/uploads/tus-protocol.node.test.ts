// @vitest-environment node
// tus 1.0's own rules as the receiver keeps them: a client speaking another version is refused
// with 412 and told the version spoken (Tus-Version); OPTIONS lists only the extensions honoured;
// a PATCH's missing headers are logged as what is missing.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestEntry } from '../../../../server/log/server-log.mjs';
import { rawRequest } from '../../../support/http-request';
import { createUpload, startUploadsReceiver, type UploadsReceiver } from '../../../support/uploads-receiver';

const started: UploadsReceiver[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((receiver) => receiver.stop()));
});

async function receiverWith(entries: RequestEntry[] = []) {
  const receiver = await startUploadsReceiver({ logRequest: (entry) => entries.push(entry) });
  started.push(receiver);
  return { receiver, endpoint: `${receiver.url}${receiver.uploadsPath}` };
}

describe('the tus protocol', () => {
  it('lists only the extensions honoured: creation (with a first body) and termination, never a deferred length or expiration', async () => {
    const { endpoint } = await receiverWith();
    const answer = await rawRequest(endpoint, { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers['tus-version']).toBe('1.0.0');
    expect(String(answer.headers['tus-extension']).split(',').sort()).toEqual(['creation', 'creation-with-upload', 'termination']);
  });

  it('refuses another version of the protocol, or none, with 412 and the version spoken, storing nothing', async () => {
    const entries: RequestEntry[] = [];
    const { receiver, endpoint } = await receiverWith(entries);
    const content = randomBytes(100);
    const made = await createUpload(endpoint, content);
    const uploadUrl = new URL(String(made.headers.location), receiver.url).href;
    const before = (await readdir(receiver.uploadsFolder)).sort();
    const answers = [
      await createUpload(endpoint, content, { headers: [['Tus-Resumable', '0.2.2']] }),
      await rawRequest(uploadUrl, { method: 'HEAD', headers: [['Tus-Resumable', '2.0.0']] }),
      await rawRequest(uploadUrl, {
        method: 'PATCH',
        headers: [
          ['Tus-Resumable', '1.0'],
          ['Upload-Offset', '0'],
          ['Content-Type', 'application/offset+octet-stream'],
          ['Content-Length', '100'],
        ],
        body: content,
      }),
      await rawRequest(uploadUrl, { method: 'DELETE', headers: [['Tus-Resumable', '0.2.2']] }),
      await rawRequest(uploadUrl, { method: 'HEAD' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([412, 412, 412, 412, 412]);
    expect(answers.map((answer) => answer.headers['tus-version'])).toEqual(Array(5).fill('1.0.0'));
    expect((await readdir(receiver.uploadsFolder)).sort()).toEqual(before);
    const head = await rawRequest(uploadUrl, { method: 'HEAD', headers: [['Tus-Resumable', '1.0.0']] });
    expect(head.headers['upload-offset']).toBe('0');
    expect(entries.filter((entry) => entry.status === 412).map((entry) => entry.reason)).toEqual([
      'tus version not supported',
      'tus version not supported',
      'tus version not supported',
      'tus version not supported',
      'tus version missing',
    ]);
  });

  it('logs a PATCH without a Content-Type as such, and one without an Upload-Offset as such', async () => {
    const entries: RequestEntry[] = [];
    const { receiver, endpoint } = await receiverWith(entries);
    const content = randomBytes(100);
    const made = await createUpload(endpoint, content);
    const uploadUrl = new URL(String(made.headers.location), receiver.url).href;
    const noType = await rawRequest(uploadUrl, {
      method: 'PATCH',
      headers: [
        ['Tus-Resumable', '1.0.0'],
        ['Upload-Offset', '0'],
        ['Content-Length', '100'],
      ],
      body: content,
    });
    const noOffset = await rawRequest(uploadUrl, {
      method: 'PATCH',
      headers: [
        ['Tus-Resumable', '1.0.0'],
        ['Content-Type', 'application/offset+octet-stream'],
        ['Content-Length', '100'],
      ],
      body: content,
    });
    expect([noType.status, noOffset.status]).toEqual([403, 403]);
    expect(entries.filter((entry) => entry.method === 'PATCH').map((entry) => entry.reason)).toEqual(['upload content type missing', 'upload offset missing']);
  });
});
