// @vitest-environment node
// The receiver's side of files: a PUT's files checked against the uploads folder
// (complete, its own, of an accepted type by content, not too large) and bound to the application
// in the transaction that stores it; on the embedded store and PostgreSQL, the binding race included.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestContext } from '../../../../server/http/request-context.mjs';
import { refusedAnswersReason } from '../../../../server/log/refused-answers-reason.mjs';
import { createReceiver } from '../../../../server/applications/receiver.mjs';
import { receiveApplication } from '../../../../server/applications/applications-table.mjs';
import { bindingsOf } from '../../../../server/applications/application-files-table.mjs';
import { migrate } from '../../../../server/store/schema.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';
import { openPostgresStore } from '../../../../server/store/postgres-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { createFileChecks, type FileFieldRules } from '../../../../server/applications/named-files-checks.mjs';
import { readStoredUpload, removeStoredUpload } from '../../../../server/uploads/stored-uploads.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { exe, jpeg, png, sha256, storeUpload } from '../uploads/stored-upload-fixture';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the files tests on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const FIELDS: FileFieldRules[] = [
  { key: 'roomPhotos', accept: ['image/jpeg', 'image/png'], maxFiles: 6, maxBytes: 64 * 1024, required: false, imageMaxEdge: 2560 },
  { key: 'mediaKit', accept: ['application/pdf'], maxFiles: 1, maxBytes: 1024 * 1024, required: false, imageMaxEdge: 2560 },
];

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

describe.each(stores)('the files of a PUT on the $name store', ({ databaseUrl, skip }) => {
  let store: Store;
  let folder: string;
  let dataDir: string;
  let server: Server;
  let url: string;
  const factReads: string[] = [];

  beforeAll(async () => {
    if (skip) return;
    dataDir = await mkdtemp(join(tmpdir(), 'receiver-files-'));
    folder = join(dataDir, 'uploads');
    store = databaseUrl ? await openPostgresStore(databaseUrl) : await openPgliteStore(join(dataDir, 'db'));
    await migrate(store);
    const checks = createFileChecks({ store, folder, fileFields: () => FIELDS });
    const counted = createFileChecks({
      store,
      folder,
      fileFields: () => FIELDS,
      facts: async (path, declared) => {
        factReads.push(path);
        return (await import('../../../../server/uploads/file-facts.mjs')).factsOfFile(path, declared);
      },
    });
    // The programme's shape rules are the files-config helper's: here every body passes them.
    const receiver = createReceiver({
      store,
      path: '/api/applications',
      validate: () => [],
      checkFiles: (body, id) => (id.startsWith('counted') ? counted : checks)(body, id),
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

  function put(applicationId: string, files: Array<{ key: string; uploadId: string; sha256: string }>, revision = 1) {
    return rawRequest(url, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', unique('key')],
        ['Application-Id', applicationId],
        ['Application-Revision', String(revision)],
      ],
      body: JSON.stringify({ personalInfo: { emailAddress: `${applicationId}@example.com` }, files }),
    });
  }

  it.skipIf(skip)('stores an application whose files are complete and its own, and binds them with what their bytes are', async () => {
    const photo = png(40, 30);
    const upload = await storeUpload(folder, photo, { filename: 'room.png', filetype: 'image/png', field: 'roomPhotos' });
    const id = unique('app');
    const answer = await put(id, [{ key: 'roomPhotos', uploadId: upload.id, sha256: upload.sha256 }]);
    expect(answer.status).toBe(201);
    const bound = (await bindingsOf(store, [upload.id])).get(upload.id);
    expect(bound).toEqual({
      applicationId: id,
      uploadId: upload.id,
      field: 'roomPhotos',
      name: 'room.png',
      type: 'image/png',
      size: photo.length,
      sha256: sha256(photo),
      width: 40,
      height: 30,
    });
  });

  it.skipIf(skip)('refuses (422 file-incomplete) an upload with bytes missing, and an id the folder does not hold', async () => {
    const bytes = jpeg(800, 600);
    const partial = await storeUpload(
      folder,
      bytes.subarray(0, 100),
      { filetype: 'image/jpeg', field: 'roomPhotos', sha256: sha256(bytes) },
      { declared: bytes.length },
    );
    const answer = await put(unique('app'), [
      { key: 'roomPhotos', uploadId: partial.id, sha256: partial.sha256 },
      { key: 'roomPhotos', uploadId: 'f'.repeat(32), sha256: 'a'.repeat(64) },
    ]);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual([
      expect.objectContaining({ path: 'files.roomPhotos[0]', rule: 'file-incomplete' }),
      expect.objectContaining({ path: 'files.roomPhotos[1]', rule: 'file-incomplete' }),
    ]);
    expect(await bindingsOf(store, [partial.id])).toEqual(new Map());
  });

  it.skipIf(skip)('refuses (422 file-not-own) an upload bound to another application, and takes it again for its own (a replay, a new revision)', async () => {
    const upload = await storeUpload(folder, jpeg(1200, 900), { filetype: 'image/jpeg', field: 'roomPhotos' });
    const owner = unique('app');
    const files = [{ key: 'roomPhotos', uploadId: upload.id, sha256: upload.sha256 }];
    expect((await put(owner, files)).status).toBe(201);
    const stolen = await put(unique('other'), files);
    expect(stolen.status).toBe(422);
    expect(stolen.json).toEqual([expect.objectContaining({ path: 'files.roomPhotos[0]', rule: 'file-not-own' })]);
    expect((await put(owner, files, 2)).status).toBe(201);
    expect((await bindingsOf(store, [upload.id])).get(upload.id)?.applicationId).toBe(owner);
    // Bound, it is judged by its binding: a later revision does not need the folder (nor hash it again).
    await removeStoredUpload(folder, upload.id);
    expect((await put(owner, files, 3)).status).toBe(201);
  });

  it.skipIf(skip)('keeps a file name the store could not: NUL, a lone surrogate, a non-character are left out', async () => {
    const upload = await storeUpload(folder, png(2, 2), { filename: 'a\u0000b\ud800c\uffff.png', filetype: 'image/png', field: 'roomPhotos' });
    expect((await put(unique('app'), [{ key: 'roomPhotos', uploadId: upload.id, sha256: upload.sha256 }])).status).toBe(201);
    expect((await bindingsOf(store, [upload.id])).get(upload.id)?.name).toBe('ab\ufffdc.png');
  });

  it.skipIf(skip)('refuses (422 file-not-own) an upload made for another field or another file than the body names', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const forKit = await storeUpload(folder, pdf, { filetype: 'application/pdf', field: 'mediaKit' });
    const answer = await put(unique('app'), [
      { key: 'roomPhotos', uploadId: forKit.id, sha256: forKit.sha256 },
      { key: 'mediaKit', uploadId: forKit.id, sha256: 'b'.repeat(64) },
    ]);
    expect(answer.json).toEqual([
      expect.objectContaining({ path: 'files.roomPhotos[0]', rule: 'file-not-own' }),
      expect.objectContaining({ path: 'files.mediaKit[0]', rule: 'file-not-own' }),
    ]);
    // Metadata that claims a hash its bytes do not have: judged by the bytes.
    const liar = await storeUpload(folder, png(10, 10), { filetype: 'image/png', field: 'roomPhotos', sha256: 'c'.repeat(64) });
    const lied = await put(unique('app'), [{ key: 'roomPhotos', uploadId: liar.id, sha256: 'c'.repeat(64) }]);
    expect(lied.json).toEqual([expect.objectContaining({ path: 'files.roomPhotos[0]', rule: 'file-not-own' })]);
  });

  it.skipIf(skip)('refuses (422 file-type) an executable renamed .jpg and declared image/jpeg, judged by its bytes', async () => {
    const upload = await storeUpload(folder, exe(), { filename: 'holiday.jpg', filetype: 'image/jpeg', field: 'roomPhotos' });
    const answer = await put(unique('app'), [{ key: 'roomPhotos', uploadId: upload.id, sha256: upload.sha256 }]);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual([expect.objectContaining({ path: 'files.roomPhotos[0]', rule: 'file-type' })]);
  });

  it.skipIf(skip)("refuses (422 file-too-large) a file over the field's maxBytes, reading none of its bytes", async () => {
    const big = Buffer.concat([png(8, 8), Buffer.alloc(64 * 1024)]);
    const upload = await storeUpload(folder, big, { filetype: 'image/png', field: 'roomPhotos' });
    const before = factReads.length;
    const answer = await put(unique('counted'), [{ key: 'roomPhotos', uploadId: upload.id, sha256: upload.sha256 }]);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual([expect.objectContaining({ path: 'files.roomPhotos[0]', rule: 'file-too-large' })]);
    expect(factReads.length).toBe(before);
  });

  it.skipIf(skip)("reads a file's bytes once: a PUT retried, or a replay, does not hash it again", async () => {
    const upload = await storeUpload(folder, jpeg(640, 480, 5000), { filetype: 'image/jpeg', field: 'roomPhotos' });
    const other = await storeUpload(folder, exe(), { filetype: 'image/jpeg', field: 'roomPhotos' });
    const id = unique('counted');
    const refused = await put(id, [
      { key: 'roomPhotos', uploadId: upload.id, sha256: upload.sha256 },
      { key: 'roomPhotos', uploadId: other.id, sha256: other.sha256 },
    ]);
    expect(refused.status).toBe(422);
    const reads = factReads.filter((path) => path.endsWith(upload.id)).length;
    expect(reads).toBe(1);
    expect((await put(id, [{ key: 'roomPhotos', uploadId: upload.id, sha256: upload.sha256 }])).status).toBe(201);
    expect((await put(id, [{ key: 'roomPhotos', uploadId: upload.id, sha256: upload.sha256 }], 2)).status).toBe(201);
    expect(factReads.filter((path) => path.endsWith(upload.id)).length).toBe(1);
    expect((await bindingsOf(store, [upload.id])).get(upload.id)).toMatchObject({ width: 640, height: 480 });
  });

  it.skipIf(skip)('binds an upload two applications name at the same moment to one of them only: the other is refused', async () => {
    const upload = await storeUpload(folder, png(20, 20), { filetype: 'image/png', field: 'roomPhotos' });
    const file = { uploadId: upload.id, field: 'roomPhotos', name: 'x.png', type: 'image/png', size: 1, sha256: upload.sha256, width: 20, height: 20 };
    const received = (applicationId: string) => ({
      key: unique('race'),
      applicationId,
      clientRevision: 1,
      fingerprint: unique('f'),
      body: {},
      email: null,
      language: null,
      receivedAt: new Date(),
      files: [file],
    });
    // Past the checks (both saw it free): the store alone decides, in separate transactions at once.
    const results = await Promise.all([receiveApplication(store, received(unique('a'))), receiveApplication(store, received(unique('b')))]);
    expect(results.map((result) => result.outcome).sort()).toEqual(['created', 'file-not-own']);
    expect(results.find((result) => result.outcome === 'file-not-own')).toEqual({ outcome: 'file-not-own', uploadIds: [upload.id] });
    // Through the receiver too: one 201, one 422 naming the file.
    const second = await storeUpload(folder, png(21, 21), { filetype: 'image/png', field: 'roomPhotos' });
    const files = [{ key: 'roomPhotos', uploadId: second.id, sha256: second.sha256 }];
    const answers = await Promise.all([put(unique('a'), files), put(unique('b'), files)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.status === 422)?.json).toEqual([expect.objectContaining({ path: 'files.roomPhotos[0]', rule: 'file-not-own' })]);
  });
});

describe('the log of a refused file', () => {
  it("names the rule and the programme's field, never the client's text", () => {
    expect(refusedAnswersReason([{ path: 'files.roomPhotos[1]', rule: 'file-type', message: 'x' }], new Set(['roomPhotos']))).toBe(
      'answers the wizard would refuse: file-type at files.roomPhotos.1',
    );
    expect(refusedAnswersReason([{ path: 'files.ada@example.com[0]', rule: 'file-type', message: 'x' }], new Set(['roomPhotos']))).toBe(
      'answers the wizard would refuse: unknown-answer at files',
    );
  });
});

describe('stored uploads', () => {
  it("reads an upload by an id of the server's form only, and tells its offset from the bytes on disk", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'uploads-'));
    try {
      const bytes = png(3, 3);
      const upload = await storeUpload(
        folder,
        bytes.subarray(0, 10),
        { filename: 'a.png', filetype: 'image/png', field: 'roomPhotos', sha256: sha256(bytes) },
        { declared: bytes.length },
      );
      expect(await readStoredUpload(folder, upload.id)).toMatchObject({
        id: upload.id,
        size: bytes.length,
        offset: 10,
        metadata: { filename: 'a.png', filetype: 'image/png', sha256: sha256(bytes), field: 'roomPhotos' },
      });
      for (const bad of ['../x', `${upload.id}.json`, upload.id.toUpperCase(), '', `${upload.id}/`]) expect(await readStoredUpload(folder, bad)).toBeNull();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
