// @vitest-environment node
/**
 * Two receivers on one PostgreSQL database share UPLOADS_DIR and one lock per upload
 * (server/uploads/postgres-upload-locker.mjs): a PATCH held open on one instance is asked to let go
 * when the client resumes on the other (HEAD there answers once it has), and an instance killed
 * with SIGKILL in the middle of a body leaves no lock behind: the client asks the other instance
 * for the offset at once, sends the rest there, and the file is whole (its SHA-256).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { servedRoot } from '../../../support/receiver-fixture';
import { spawnReceiver, type ReceiverProcess } from '../../../support/receiver-process';
import { startTestReceiver, stopTestReceiver } from '../../../support/receiver-fixture';
import { FILE_FIELDS, createUpload, patchUpload, sha256, startUploadsReceiver, uploadOffset } from '../../../support/uploads-receiver';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the uploads' PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const KIB = 1024;

/** A PATCH whose body is sent in part and then held: the connection stays open, sending nothing. */
function heldPatch(url: string, offset: number, total: number, part: Buffer): { req: ClientRequest; answered: Promise<number | null> } {
  const req = request(url, {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(total) },
  });
  const answered = new Promise<number | null>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('error', () => {
      resolve(null);
    });
  });
  req.write(part);
  return { req, answered };
}

async function sizeReaches(path: string, bytes: number): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if ((await stat(path).catch(() => null))?.size === bytes) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never reached ${String(bytes)} bytes`);
}

describe.skipIf('reason' in postgres)('uploads on PostgreSQL, two instances', () => {
  it('refuses to start without UPLOADS_DIR once the programme asks for files; without file fields it starts and refuses uploads, saying why', async () => {
    const url = 'url' in postgres ? postgres.url : '';
    await expect(startUploadsReceiver({ databaseUrl: url })).rejects.toThrow(/UPLOADS_DIR must be set with DATABASE_URL/);
    const lines: string[] = [];
    const receiver = await startTestReceiver({ databaseUrl: url, log: (line) => lines.push(line) });
    try {
      const answer = await createUpload(`${receiver.url}/api/uploads`, randomBytes(10));
      expect(answer.status).toBe(503);
      expect(lines.some((line) => line.includes('no UPLOADS_DIR'))).toBe(true);
    } finally {
      await stopTestReceiver(receiver);
    }
  }, 60_000);

  it('hands an upload over between instances, and resumes on one after the other is killed mid-body', async () => {
    const url = 'url' in postgres ? postgres.url : '';
    const root = await servedRoot();
    const uploadsDir = await mkdtemp(join(tmpdir(), 'uploads-shared-'));
    const dataDirs = await Promise.all([mkdtemp(join(tmpdir(), 'uploads-a-')), mkdtemp(join(tmpdir(), 'uploads-b-'))]);
    const spawn = (dataDir: string) =>
      spawnReceiver({
        root,
        dataDir,
        databaseUrl: url,
        script: 'tests/support/uploads-receiver-child.mjs',
        extraEnv: { TEST_FILE_FIELDS: JSON.stringify(FILE_FIELDS), UPLOADS_DIR: uploadsDir },
      });
    const receivers: ReceiverProcess[] = [];
    try {
      const a = await spawn(dataDirs[0]);
      receivers.push(a);
      const b = await spawn(dataDirs[1]);
      receivers.push(b);
      const content = randomBytes(2048 * KIB);
      const created = await createUpload(`${a.url}/api/uploads`, content);
      expect(created.status).toBe(201);
      const path = String(created.headers.location);
      const file = join(uploadsDir, path.split('/').at(-1) ?? '');

      // A PATCH on A stalls after 256 KiB (the phone lost its signal; A does not know yet). The
      // client resumes on B: B asks A to let go, and answers HEAD with what A stored.
      const first = heldPatch(`${a.url}${path}`, 0, content.length, content.subarray(0, 256 * KIB));
      await sizeReaches(file, 256 * KIB);
      const asked = performance.now();
      expect(await uploadOffset(`${b.url}${path}`)).toEqual({ status: 200, offset: 256 * KIB });
      expect(performance.now() - asked).toBeLessThan(9000);
      // B had the lock only once A had let go: A's request is over already, not left writing.
      const over = await Promise.race([
        first.answered.then(() => 'over'),
        new Promise((resolve) =>
          setTimeout(() => {
            resolve('still open');
          }, 1000),
        ),
      ]);
      expect(over).toBe('over');
      first.req.destroy();

      // Now A is killed while it writes: its lock goes with its connection to the database.
      const second = heldPatch(`${a.url}${path}`, 256 * KIB, content.length - 256 * KIB, content.subarray(256 * KIB, 1024 * KIB));
      await sizeReaches(file, 1024 * KIB);
      await a.kill();
      await second.answered;
      const resumed = performance.now();
      const { status, offset } = await uploadOffset(`${b.url}${path}`);
      expect(status).toBe(200);
      expect(performance.now() - resumed).toBeLessThan(2000);
      expect(offset).toBe(1024 * KIB);
      const rest = await patchUpload(`${b.url}${path}`, offset ?? 0, content.subarray(offset ?? 0));
      expect(rest.status).toBe(204);
      expect(sha256(await readFile(file))).toBe(sha256(content));
    } finally {
      await Promise.all(receivers.map((receiver) => receiver.stop()));
      await rm(root, { recursive: true, force: true });
      await rm(uploadsDir, { recursive: true, force: true });
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }, 240_000);
});
