// @vitest-environment node
// /readyz covers the uploads folder while the programme asks for files: a folder moved away or
// unusable makes the receiver not ready (503, the reason naming no path), so a load balancer sends
// creators elsewhere; and an upload that fails there answers 500 without the server's path, which
// stays in the log. Used to be: /readyz 200, and POST /api/uploads 500 "EACCES … mkdir '<folder>'".
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { createUpload, startUploadsReceiver } from '../../../support/uploads-receiver';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the PostgreSQL uploads readiness test: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

/** Asks until the answer's status is `status` (readiness is checked at most once a second), or gives up. */
async function readyzUntil(url: string, status: number, withinMs = 15_000) {
  const until = Date.now() + withinMs;
  for (;;) {
    const answer = await rawRequest(`${url}/readyz`, { method: 'GET' });
    if (answer.status === status || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('readiness and the uploads folder', () => {
  it("embedded store: not ready while DATA_DIR/uploads cannot be used, and the failed upload's answer names no path", async () => {
    const lines: string[] = [];
    const receiver = await startUploadsReceiver({ log: (line) => lines.push(line) });
    const folder = receiver.uploadsFolder;
    try {
      expect((await readyzUntil(receiver.url, 200)).status).toBe(200);
      // The folder replaced by a file: nothing can be made in it (ENOTDIR), for root too.
      await rm(folder, { recursive: true, force: true });
      await writeFile(folder, 'not a folder');
      const unready = await readyzUntil(receiver.url, 503);
      expect(unready.status).toBe(503);
      expect(unready.json).toEqual({ status: 'not ready', reason: 'the uploads folder (DATA_DIR/uploads) cannot be used, so files cannot be kept' });
      expect(unready.text).not.toContain(receiver.dataDir);
      expect(lines).toContain(
        `readiness: not ready, the uploads folder (DATA_DIR/uploads) cannot be used, so files cannot be kept (${folder}: ENOTDIR): GET /readyz answers 503`,
      );

      const failed = await createUpload(`${receiver.url}/api/uploads`, Buffer.from('x'.repeat(100)));
      expect(failed.status).toBe(500);
      expect(failed.text).not.toContain(receiver.dataDir);
      expect(failed.text).not.toMatch(/ENOTDIR|EEXIST|EACCES|mkdir|open/);
      expect(lines.some((line) => line.startsWith('uploads: a request failed:') && line.includes(folder))).toBe(true);

      // Missing, it is made again at the next upload (DATA_DIR may be written): ready.
      await rm(folder, { force: true });
      expect((await readyzUntil(receiver.url, 200)).status).toBe(200);
      expect(lines.at(-1)).toBe('readiness: ready again (GET /readyz answers 200)');
    } finally {
      await receiver.stop();
    }
  }, 60_000);

  it.skipIf('reason' in postgres)(
    "PostgreSQL: not ready while UPLOADS_DIR, every instance's shared folder, is missing",
    async () => {
      const work = await mkdtemp(join(tmpdir(), 'uploads-readiness-'));
      const shared = join(work, 'shared');
      const receiver = await startUploadsReceiver({ databaseUrl: 'url' in postgres ? postgres.url : '', uploadsDir: shared });
      try {
        expect((await readyzUntil(receiver.url, 200)).status).toBe(200);
        await rename(shared, join(work, 'moved'));
        const unready = await readyzUntil(receiver.url, 503);
        expect(unready.json).toEqual({ status: 'not ready', reason: 'UPLOADS_DIR is missing, so files cannot be kept' });
        expect(unready.text).not.toContain(work);
        await rename(join(work, 'moved'), shared);
        expect((await readyzUntil(receiver.url, 200)).status).toBe(200);
      } finally {
        await receiver.stop();
        await rm(work, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
