// @vitest-environment node
// The receiver's tus 1.0 endpoint (server/uploads/tus-endpoint.mjs) on a started receiver: a file
// uploaded whole by tus-js-client's Node build and by raw requests, a body cut mid-way kept as far
// as it arrived and resumed from HEAD's offset, every refusal before a byte is read (413 over the
// field's maximum, 415, unknown field, bad metadata, deferred or empty length), bodies bounded by
// Upload-Length, the per-address shares (429 + Retry-After), the disk floor, a slow body cut by the
// server's request time with its bytes kept, the proof of work on creation only, abandoned uploads
// expired, CORS for an allowed origin, and no upload id in any log line.
import { randomBytes } from 'node:crypto';
import { readFile, readdir, stat, utimes } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadsFolder, uploadsFolderIfAsked } from '../../../../server/uploads/uploads-folder.mjs';
import { uploadsPrefix } from '../../../../server/uploads/uploads-prefix.mjs';
import { acceptsType } from '../../../../server/uploads/accepts-type.mjs';
import type { RequestEntry } from '../../../../server/log/server-log.mjs';
import { rawRequest } from '../../../support/http-request';
import { createUpload, patchUpload, sha256, startUploadsReceiver, uploadOffset, type UploadsReceiver } from '../../../support/uploads-receiver';

const started: UploadsReceiver[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((receiver) => receiver.stop()));
});

async function receiverWith(options: Parameters<typeof startUploadsReceiver>[0] = {}): Promise<UploadsReceiver> {
  const receiver = await startUploadsReceiver(options);
  started.push(receiver);
  return receiver;
}

const endpoint = (receiver: UploadsReceiver) => `${receiver.url}${receiver.uploadsPath}`;

/** Creates an upload and gives its absolute URL and id. */
async function created(receiver: UploadsReceiver, content: Buffer, options: Parameters<typeof createUpload>[2] = {}) {
  const answer = await createUpload(endpoint(receiver), content, options);
  expect(answer.status).toBe(201);
  const location = String(answer.headers.location);
  const id = location.split('/').at(-1) ?? '';
  return { url: new URL(location, receiver.url).href, id, answer };
}

const storedFiles = async (receiver: UploadsReceiver) => (await readdir(receiver.uploadsFolder)).sort();

describe('settings', () => {
  it('puts uploads beside the applications, in DATA_DIR/uploads or, on PostgreSQL, the shared UPLOADS_DIR it requires', () => {
    expect(uploadsPrefix('/api/applications')).toBe('/api/uploads');
    expect(uploadsPrefix('/a/b/applications/')).toBe('/a/b/uploads');
    expect(uploadsFolder({ dataDir: '/srv/data', env: {} })).toBe('/srv/data/uploads');
    expect(uploadsFolder({ dataDir: 'data', env: { DATABASE_URL: 'postgres://x', UPLOADS_DIR: '/mnt/shared/uploads' } })).toBe('/mnt/shared/uploads');
    expect(() => uploadsFolder({ dataDir: 'data', env: { DATABASE_URL: 'postgres://x' } })).toThrow(/UPLOADS_DIR must be set with DATABASE_URL/);
    expect(() => uploadsFolder({ dataDir: 'data', env: { UPLOADS_DIR: '/elsewhere' } })).toThrow(/only for PostgreSQL/);
    // A PostgreSQL deployment whose programme asks for no file runs without one; with a file field it does not start.
    expect(uploadsFolderIfAsked({ dataDir: 'data', env: { DATABASE_URL: 'postgres://x' }, fileFields: [] })).toBeNull();
    expect(() => uploadsFolderIfAsked({ dataDir: 'data', env: { DATABASE_URL: 'postgres://x' }, fileFields: [{}] })).toThrow(/UPLOADS_DIR must be set/);
    expect(uploadsFolderIfAsked({ dataDir: '/srv/data', env: {}, fileFields: [] })).toBe('/srv/data/uploads');
  });

  it("matches declared types against a field's accept list, wildcards included", () => {
    expect(acceptsType(['image/*'], 'image/png')).toBe(true);
    expect(acceptsType(['image/jpeg'], 'IMAGE/JPEG; q=1')).toBe(true);
    expect(acceptsType(['image/jpeg'], 'image/png')).toBe(false);
    expect(acceptsType(['image/*'], 'application/pdf')).toBe(false);
    expect(acceptsType(['image/*'], 'image/')).toBe(false);
  });
});

describe('uploading', () => {
  it('takes a whole file from tus-js-client in chunks, with a relative Location and a 32-hex id, and stores exactly its bytes', async () => {
    const entries: RequestEntry[] = [];
    const receiver = await receiverWith({ logRequest: (entry) => entries.push(entry) });
    const content = randomBytes(3 * 1024 * 1024 + 123);
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(content, {
        endpoint: endpoint(receiver),
        chunkSize: 1024 * 1024,
        retryDelays: [],
        metadata: { filename: 'room.jpg', filetype: 'image/jpeg', sha256: sha256(content), field: 'roomPhotos' },
        onError: reject,
        onSuccess: () => {
          resolve(upload.url ?? '');
        },
      });
      upload.start();
    });
    const id = url.split('/').at(-1) ?? '';
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(sha256(await readFile(join(receiver.uploadsFolder, id)))).toBe(sha256(content));
    expect(await uploadOffset(url)).toEqual({ status: 200, offset: content.length });
    // Creation, four PATCHes, the HEAD: the log shows the prefix, never an id.
    expect(entries.filter((entry) => entry.method === 'PATCH')).toHaveLength(4);
    expect(entries.every((entry) => !JSON.stringify(entry).includes(id))).toBe(true);
    expect(entries.filter((entry) => entry.method !== 'POST').every((entry) => entry.path === '/api/uploads/:id')).toBe(true);
  });

  it('keeps the bytes of a body cut mid-way, tells them by HEAD, and takes the rest from there', async () => {
    const receiver = await receiverWith();
    const content = randomBytes(1024 * 1024);
    const upload = await created(receiver, content);
    // Half the body, then the connection closes: the client lost its signal.
    const sent = 300 * 1024;
    await new Promise<void>((resolve) => {
      const req = request(upload.url, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(content.length),
        },
      });
      req.on('error', () => {
        resolve();
      });
      req.write(content.subarray(0, sent), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
    });
    let offset = 0;
    for (let tries = 0; tries < 50 && offset === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      offset = (await uploadOffset(upload.url)).offset ?? 0;
    }
    expect(offset).toBe(sent);
    expect((await readFile(join(receiver.uploadsFolder, upload.id))).equals(content.subarray(0, sent))).toBe(true);
    // A PATCH at the wrong offset changes nothing (409); at HEAD's offset it finishes the file.
    expect((await patchUpload(upload.url, 0, content.subarray(0, 10))).status).toBe(409);
    const rest = await patchUpload(upload.url, offset, content.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(content.length));
    expect(sha256(await readFile(join(receiver.uploadsFolder, upload.id)))).toBe(sha256(content));
  });

  it('refuses a body longer than Upload-Length: by its Content-Length before reading it, and a chunked one at the length', async () => {
    const receiver = await receiverWith();
    const content = randomBytes(64 * 1024);
    const upload = await created(receiver, content);
    expect((await patchUpload(upload.url, 0, Buffer.concat([content, Buffer.alloc(1)]))).status).toBe(413);
    expect((await uploadOffset(upload.url)).offset).toBe(0);
    async function* tooLong() {
      yield content;
      await new Promise((resolve) => setTimeout(resolve, 10));
      yield randomBytes(32 * 1024);
    }
    const answer = await patchUpload(upload.url, 0, tooLong()).catch(() => null);
    if (answer) expect(answer.status).toBe(413);
    expect((await stat(join(receiver.uploadsFolder, upload.id))).size).toBeLessThanOrEqual(content.length);
  });

  it('lets an upload not sent with an application be withdrawn (DELETE), and keeps one an application holds', async () => {
    const bound = new Set<string>();
    const receiver = await receiverWith({ isUploadBound: (id) => Promise.resolve(bound.has(id)) });
    const content = randomBytes(100);
    const first = await created(receiver, content);
    const second = await created(receiver, content);
    // Only a complete upload can be an application's.
    expect((await patchUpload(second.url, 0, content)).status).toBe(204);
    bound.add(second.id);
    const withdraw = (url: string) => rawRequest(url, { method: 'DELETE', headers: [['Tus-Resumable', '1.0.0']] });
    expect((await withdraw(first.url)).status).toBe(204);
    expect((await uploadOffset(first.url)).status).toBe(404);
    expect((await withdraw(second.url)).status).toBe(403);
    expect(await storedFiles(receiver)).toEqual([second.id, `${second.id}.json`].sort());
  });
});

describe('refusals before a byte is read', () => {
  it("answers 413 over the field's maxBytes, 415 for a type it does not accept, 400 for an unknown field, bad metadata, a deferred or empty length", async () => {
    const receiver = await receiverWith();
    const url = endpoint(receiver);
    const pdf = randomBytes(10);
    const cases: Array<[number, Promise<{ status: number; headers: Record<string, unknown> }>]> = [
      [413, createUpload(url, pdf, { field: 'mediaKit', filetype: 'application/pdf', length: String(256 * 1024 + 1) })],
      [413, createUpload(url, pdf, { length: String(2 * 1024 * 1024 * 1024) })],
      [415, createUpload(url, pdf, { field: 'mediaKit', filetype: 'image/jpeg' })],
      [400, createUpload(url, pdf, { field: 'notAField' })],
      [400, createUpload(url, pdf, { field: 'email' })],
      [400, createUpload(url, pdf, { length: '0' })],
      [400, createUpload(url, pdf, { length: '-1' })],
      [
        400,
        rawRequest(url, {
          method: 'POST',
          headers: [
            ['Tus-Resumable', '1.0.0'],
            ['Upload-Defer-Length', '1'],
            ['Upload-Metadata', 'field cm9vbVBob3Rvcw=='],
          ],
        }),
      ],
      [
        400,
        rawRequest(url, {
          method: 'POST',
          headers: [
            ['Tus-Resumable', '1.0.0'],
            ['Upload-Length', '10'],
            ['Upload-Metadata', 'field cm9vbVBob3Rvcw=='],
          ],
        }),
      ],
      [400, createUpload(url, pdf, { filename: 'a\u0000b.jpg' })],
      [
        400,
        rawRequest(url, {
          method: 'POST',
          headers: [
            ['Tus-Resumable', '1.0.0'],
            ['Upload-Length', '10'],
            ['Upload-Metadata', 'filename !!!,filetype aW1hZ2UvanBlZw=='],
          ],
        }),
      ],
    ];
    const answers = await Promise.all(cases.map(([, answer]) => answer));
    expect(answers.map((answer) => answer.status)).toEqual(cases.map(([status]) => status));
    // Refusals are tus answers a page on another origin can read (Tus-Resumable), and nothing was stored.
    expect(answers.every((answer) => answer.headers['tus-resumable'] === '1.0.0')).toBe(true);
    expect(await storedFiles(receiver)).toEqual([]);
  });

  it('answers a 413 before reading a body announced over the maximum (only the headers are sent)', async () => {
    const receiver = await receiverWith();
    const answer = await rawRequest(endpoint(receiver), {
      method: 'POST',
      headersOnly: true,
      headers: [
        ['Tus-Resumable', '1.0.0'],
        ['Upload-Length', String(8 * 1024 * 1024 + 1)],
        ['Content-Type', 'application/offset+octet-stream'],
        ['Content-Length', String(8 * 1024 * 1024 + 1)],
        ['Upload-Metadata', `filename cm9vbS5qcGc=,filetype aW1hZ2UvanBlZw==,sha256 ${Buffer.from('a'.repeat(64)).toString('base64')},field cm9vbVBob3Rvcw==`],
      ],
    });
    expect(answer.status).toBe(413);
  });

  it("counts each address's requests and bytes: 429 with Retry-After past its share", async () => {
    const receiver = await receiverWith({ limits: { uploadRateWindows: [{ points: 3, durationSeconds: 60 }] } });
    const url = endpoint(receiver);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await createUpload(url, randomBytes(10)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);
    expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own share.
    expect(
      (
        await rawRequest(url, {
          method: 'POST',
          localAddress: '127.0.0.2',
          headers: [
            ['Tus-Resumable', '1.0.0'],
            ['Upload-Length', '10'],
          ],
        })
      ).status,
    ).toBe(400);

    const bytes = await receiverWith({ limits: { uploadBytesPerHour: 1024 * 1024 } });
    expect((await createUpload(endpoint(bytes), randomBytes(10), { length: String(700 * 1024) })).status).toBe(201);
    const over = await createUpload(endpoint(bytes), randomBytes(10), { length: String(700 * 1024) });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses creations and PATCHes under the disk floor with 503 and Retry-After, and a creation the file would bring under twice the floor', async () => {
    let free = 10 * 1024 * 1024 * 1024;
    const floor = 100 * 1024 * 1024;
    const receiver = await receiverWith({ limits: { diskFloorBytes: floor }, freeBytes: () => Promise.resolve(free) });
    const content = randomBytes(1000);
    const upload = await created(receiver, content);
    free = 2 * floor + 500;
    // The free space is read at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const tooBig = await createUpload(endpoint(receiver), content);
    expect(tooBig.status).toBe(503);
    expect(tooBig.headers['retry-after']).toBeDefined();
    free = floor - 1;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const patch = await patchUpload(upload.url, 0, content);
    expect(patch.status).toBe(503);
    expect((await uploadOffset(upload.url)).offset).toBe(0);
  });

  it('asks for the proof of work before a creation, when it is on', async () => {
    const receiver = await receiverWith({ proofOfWork: { hmacKey: 'k'.repeat(32), maxNumber: 1000, ttlMs: 60_000 } });
    const answer = await createUpload(endpoint(receiver), randomBytes(10));
    expect(answer.status).toBe(428);
    expect(await storedFiles(receiver)).toEqual([]);
  });
});

describe('limits of time', () => {
  it('cuts a body slower than the request time, keeping what arrived', async () => {
    const receiver = await receiverWith({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 800 } });
    const content = randomBytes(64 * 1024);
    const upload = await created(receiver, content);
    async function* trickle() {
      for (let index = 0; index < 40; index += 1) {
        yield content.subarray(index * 1024, (index + 1) * 1024);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const started = performance.now();
    await patchUpload(upload.url, 0, trickle(), [['Content-Length', String(content.length)]]).catch(() => null);
    expect(performance.now() - started).toBeLessThan(3500);
    const { offset } = await uploadOffset(upload.url);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(content.length);
    expect((await readFile(join(receiver.uploadsFolder, upload.id))).equals(content.subarray(0, offset ?? 0))).toBe(true);
  });
});

describe('cross-origin pages', () => {
  it("answers an allowed origin's preflight and exposes the tus headers to it; refuses others", async () => {
    const receiver = await receiverWith({ corsOrigins: 'https://apply.example.com' });
    const preflight = await rawRequest(endpoint(receiver), {
      method: 'OPTIONS',
      headers: [
        ['Origin', 'https://apply.example.com'],
        ['Access-Control-Request-Method', 'POST'],
      ],
    });
    expect(preflight.status).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Upload-Metadata/);
    const answer = await createUpload(endpoint(receiver), randomBytes(10), { headers: [['Origin', 'https://apply.example.com']] });
    expect(answer.status).toBe(201);
    expect(answer.headers['access-control-allow-origin']).toBe('https://apply.example.com');
    expect(String(answer.headers['access-control-expose-headers'])).toMatch(/Location/);
    expect(String(answer.headers['access-control-expose-headers'])).toMatch(/Upload-Offset/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect((await createUpload(endpoint(receiver), randomBytes(10), { headers: [['Origin', 'https://evil.example']] })).status).toBe(403);
  });
});

describe('abandoned uploads', () => {
  it('removes an incomplete upload untouched for a day, and a complete one no application holds; keeps the rest', async () => {
    const bound = new Set<string>();
    const lines: string[] = [];
    const receiver = await receiverWith({ isUploadBound: (id) => Promise.resolve(bound.has(id)), log: (line) => lines.push(line) });
    const content = randomBytes(2000);
    const incomplete = await created(receiver, content);
    expect((await patchUpload(incomplete.url, 0, content.subarray(0, 500))).status).toBe(204);
    const unbound = await created(receiver, content);
    const kept = await created(receiver, content);
    const recent = await created(receiver, content);
    for (const upload of [unbound, kept]) expect((await patchUpload(upload.url, 0, content)).status).toBe(204);
    bound.add(kept.id);
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    for (const upload of [incomplete, unbound, kept]) await utimes(join(receiver.uploadsFolder, upload.id), dayAgo, dayAgo);
    expect(await receiver.sweepUploads()).toEqual({ incomplete: 1, unbound: 1 });
    expect(lines.filter((line) => line.startsWith('uploads: removed'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(incomplete.id);
    expect((await uploadOffset(incomplete.url)).status).toBe(404);
    expect((await uploadOffset(unbound.url)).status).toBe(404);
    expect(await storedFiles(receiver)).toEqual([kept.id, `${kept.id}.json`, recent.id, `${recent.id}.json`].sort());
  });

  it('asks the store which uploads an application holds: a complete one none holds goes after a day, and may be withdrawn', async () => {
    const receiver = await receiverWith();
    const content = randomBytes(1000);
    const complete = await created(receiver, content);
    expect((await patchUpload(complete.url, 0, content)).status).toBe(204);
    const incomplete = await created(receiver, content);
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    for (const upload of [complete, incomplete]) await utimes(join(receiver.uploadsFolder, upload.id), dayAgo, dayAgo);
    // application_files (migration 7) holds no row for either: both are abandoned.
    expect(await receiver.sweepUploads()).toEqual({ incomplete: 1, unbound: 1 });
    expect((await rawRequest(complete.url, { method: 'HEAD', headers: [['Tus-Resumable', '1.0.0']] })).status).toBe(404);
    // A complete upload no application holds is the creator's to withdraw (Remove on the page).
    const another = await created(receiver, content);
    expect((await patchUpload(another.url, 0, content)).status).toBe(204);
    expect((await rawRequest(another.url, { method: 'DELETE', headers: [['Tus-Resumable', '1.0.0']] })).status).toBe(204);
  });
});
