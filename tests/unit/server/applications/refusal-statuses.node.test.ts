// @vitest-environment node
// A deterministic failure never gets a retryable answer: the page retries a 5xx for ever, so every
// refusal of a file that the same request would meet again is a 4xx, on the embedded store and on
// PostgreSQL, and only transient faults (the disk's floor, a client's share) answer 503 or 429 with
// Retry-After. A PNG claiming 2^31 pixels across used to overflow the store's integer column: a
// 503 on every retry.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRequestContext } from '../../../../server/http/request-context.mjs';
import { createReceiver } from '../../../../server/applications/receiver.mjs';
import { migrate } from '../../../../server/store/schema.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';
import { openPostgresStore } from '../../../../server/store/postgres-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { createFileChecks, type FileFieldRules } from '../../../../server/applications/named-files-checks.mjs';
import { rawRequest, type RawAnswer } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { createUpload, patchUpload, startUploadsReceiver, type UploadsReceiver } from '../../../support/uploads-receiver';
import { exe, jpeg, png, sha256, storeUpload } from '../uploads/stored-upload-fixture';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the refusal statuses on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const FIELDS: FileFieldRules[] = [
  { key: 'photos', accept: ['image/*'], maxFiles: 6, maxBytes: 64 * 1024, required: false, imageMaxEdge: 2560 },
  { key: 'kit', accept: ['application/pdf'], maxFiles: 1, maxBytes: 1024 * 1024, required: false, imageMaxEdge: 2560 },
];

/** A PNG's signature and IHDR claiming width × height, and nothing after. */
function pngHeader(width: number, height: number): Buffer {
  const bytes = png(1, 1);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/** A WebP (VP8X) claiming width × height: its 24-bit fields say up to 2^24. */
function webp(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

describe.each(stores)("every refusal of a PUT's files on the $name store", ({ databaseUrl, skip }) => {
  let store: Store;
  let folder: string;
  let dataDir: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    if (skip) return;
    dataDir = await mkdtemp(join(tmpdir(), 'refusal-statuses-'));
    folder = join(dataDir, 'uploads');
    store = databaseUrl ? await openPostgresStore(databaseUrl) : await openPgliteStore(join(dataDir, 'db'));
    await migrate(store);
    const receiver = createReceiver({
      store,
      path: '/api/applications',
      validate: () => [],
      checkFiles: createFileChecks({ store, folder, fileFields: () => FIELDS }),
    });
    server = createServer((req, res) => {
      void receiver(createRequestContext(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/applications`;
  }, 60_000);
  afterAll(async () => {
    if (skip) return;
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function put(applicationId: string, files: Array<{ key: string; uploadId: string; sha256: string }>): Promise<RawAnswer> {
    return rawRequest(url, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', unique('key')],
        ['Application-Id', applicationId],
        ['Application-Revision', '1'],
      ],
      body: JSON.stringify({ personalInfo: { emailAddress: `${applicationId}@example.com` }, files }),
    });
  }

  async function named(
    bytes: Buffer,
    filetype: string,
    { field = 'photos', declared = bytes.length, claimed }: { field?: string; declared?: number; claimed?: string } = {},
  ) {
    const upload = await storeUpload(folder, bytes, { filetype, field, ...(claimed ? { sha256: claimed } : {}) }, { declared });
    return { key: 'photos', uploadId: upload.id, sha256: upload.sha256 };
  }

  it.skipIf(skip)('answers each with its 422 rule, the same on a retry, and never a 5xx', async () => {
    const bound = await named(jpeg(10, 10), 'image/jpeg');
    expect((await put(unique('owner'), [bound])).status).toBe(201);
    const partialBytes = jpeg(800, 600);
    const cases: Array<[string, { key: string; uploadId: string; sha256: string }]> = [
      ['file-incomplete', { ...(await named(partialBytes.subarray(0, 50), 'image/jpeg', { declared: partialBytes.length, claimed: sha256(partialBytes) })) }],
      ['file-incomplete', { key: 'photos', uploadId: 'e'.repeat(32), sha256: 'a'.repeat(64) }],
      ['file-not-own', bound],
      ['file-not-own', await named(Buffer.from('%PDF-1.7\n%%EOF\n'), 'application/pdf', { field: 'kit' })],
      ['file-not-own', await named(png(3, 3), 'image/png', { claimed: 'c'.repeat(64) })],
      ['file-too-large', await named(Buffer.concat([png(2, 2), Buffer.alloc(64 * 1024)]), 'image/png')],
      ['file-type', await named(exe(), 'image/jpeg')],
      ['file-dimensions', await named(pngHeader(2 ** 31, 1), 'image/png')],
      ['file-dimensions', await named(pngHeader(1, 65_536), 'image/png')],
      ['file-dimensions', await named(webp(2 ** 24, 2 ** 24), 'image/webp')],
    ];
    for (const [rule, file] of cases) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await put(unique('app'), [file]);
        expect({ rule, status: answer.status }).toEqual({ rule, status: 422 });
        expect(answer.json).toEqual([expect.objectContaining({ path: 'files.photos[0]', rule })]);
        expect(answer.headers['retry-after']).toBeUndefined();
      }
    }
  });

  it.skipIf(skip)('keeps an image of 65,535 pixels a side, the most any header may claim', async () => {
    const answer = await put(unique('app'), [await named(pngHeader(65_535, 65_535), 'image/png')]);
    expect(answer.status).toBe(201);
  });
});

describe('every refusal of an upload', () => {
  const started: UploadsReceiver[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((receiver) => receiver.stop()));
  });

  it('answers a 4xx where the same request would be refused again, and 503 or 429 with Retry-After only for what passes', async () => {
    let free = 10 * 1024 * 1024 * 1024;
    const receiver = await startUploadsReceiver({
      limits: { diskFloorBytes: 100 * 1024 * 1024, uploadBytesPerHour: 64 * 1024 * 1024 },
      freeBytes: () => Promise.resolve(free),
    });
    started.push(receiver);
    const endpoint = `${receiver.url}${receiver.uploadsPath}`;
    const content = randomBytes(1000);
    const made = await createUpload(endpoint, content);
    expect(made.status).toBe(201);
    const uploadUrl = new URL(String(made.headers.location), receiver.url).href;
    const tus = ['Tus-Resumable', '1.0.0'] as [string, string];
    const deterministic: Array<[string, () => Promise<RawAnswer>]> = [
      ["over the field's maximum", () => createUpload(endpoint, content, { length: String(8 * 1024 * 1024 + 1) })],
      ['a type not accepted', () => createUpload(endpoint, content, { field: 'mediaKit', filetype: 'image/jpeg' })],
      ['an unknown field', () => createUpload(endpoint, content, { field: 'nope' })],
      ['an empty length', () => createUpload(endpoint, content, { length: '0' })],
      ['a deferred length', () => rawRequest(endpoint, { method: 'POST', headers: [tus, ['Upload-Defer-Length', '1']] })],
      ['bad metadata', () => rawRequest(endpoint, { method: 'POST', headers: [tus, ['Upload-Length', '10'], ['Upload-Metadata', 'x !!!']] })],
      ['a method not allowed', () => rawRequest(endpoint, { method: 'PUT', headers: [tus] })],
      ['not an upload id', () => rawRequest(`${endpoint}/nope`, { method: 'HEAD', headers: [tus] })],
      ['no such upload', () => rawRequest(`${endpoint}/${'d'.repeat(32)}`, { method: 'HEAD', headers: [tus] })],
      ['a wrong offset', () => patchUpload(uploadUrl, 5, content.subarray(0, 10))],
      ['no Tus-Resumable', () => rawRequest(uploadUrl, { method: 'HEAD' })],
      [
        'not an upload body',
        () =>
          rawRequest(uploadUrl, {
            method: 'PATCH',
            headers: [tus, ['Upload-Offset', '0'], ['Content-Type', 'text/plain'], ['Content-Length', '3']],
            body: Buffer.from('abc'),
          }),
      ],
      ['a body over its length', () => patchUpload(uploadUrl, 0, Buffer.concat([content, content]))],
    ];
    for (const [what, send] of deterministic) {
      const statuses = [(await send()).status, (await send()).status];
      expect({ what, statuses }).toEqual({ what, statuses: [expect.any(Number), statuses[0]] });
      const status = statuses[0] ?? 0;
      expect({ what, final: status >= 400 && status < 500 && status !== 429 }).toEqual({ what, final: true });
    }
    // What passes: the disk's floor (free space comes back), a client's share of bytes (the hour ends).
    free = 1024;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const floor = await createUpload(endpoint, content);
    expect(floor.status).toBe(503);
    expect(Number(floor.headers['retry-after'])).toBeGreaterThan(0);
    free = 10 * 1024 * 1024 * 1024;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const share = await createUpload(endpoint, content, { length: String(8 * 1024 * 1024) });
    expect(share.status).toBe(201);
    const shares = await Promise.all(Array.from({ length: 8 }, () => createUpload(endpoint, content, { length: String(8 * 1024 * 1024) })));
    const over = shares.find((answer) => answer.status !== 201);
    expect(over?.status).toBe(429);
    expect(Number(over?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
