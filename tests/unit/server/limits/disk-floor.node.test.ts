// @vitest-environment node
// Disk and database trouble: under the floor of free space in DATA_DIR (disk-floor.mjs) the
// receiver answers 503 with Retry-After before reading or writing anything, says so in the log at
// most once a minute, and takes applications again once space returns; read from an injected
// reading, and, where this process may mount one, from a real small tmpfs filled by a ballast file.
// On PostgreSQL, a database that cannot be reached answers 503 too, and what was acknowledged
// before is still there after.
import { execFile as execFileCallback } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freeBytesIn } from '../../../../server/limits/disk-floor.mjs';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const execFile = promisify(execFileCallback);
const MB = 1024 * 1024;

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the PostgreSQL trouble test: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

function put(receiver: StartedReceiver, key: string) {
  return rawRequest(`${receiver.url}/api/applications`, {
    headers: [
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', key],
      ['Application-Id', key],
    ],
    body: JSON.stringify(sampleBody({ email: `${key}@example.com` })),
  });
}

/** The disk floor caches its reading for a second: a new one is read after this. */
const nextReading = () => new Promise((resolve) => setTimeout(resolve, 1050));

describe('the disk floor, from an injected reading', () => {
  it('answers 503 with Retry-After under the floor, stores nothing, logs once, and takes applications again when space returns', async () => {
    let free = 50 * MB;
    const lines: string[] = [];
    const receiver = await startTestReceiver({ freeBytes: () => Promise.resolve(free), limits: { diskFloorBytes: 100 * MB }, log: (line) => lines.push(line) });
    try {
      const first = await put(receiver, 'floor-1');
      expect(first.status).toBe(503);
      expect(first.headers['retry-after']).toBe('30');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers['content-security-policy']).toBeDefined();
      expect((await put(receiver, 'floor-2')).status).toBe(503);
      expect(await latestApplications(receiver.store)).toEqual([]);
      expect(lines.filter((line) => line.startsWith('disk floor:'))).toEqual([
        expect.stringMatching(/50 MB free in the data folder, under the floor of 100 MB/),
      ]);

      free = 500 * MB;
      await nextReading();
      expect((await put(receiver, 'floor-1')).status).toBe(201);
      expect((await put(receiver, 'floor-1')).headers['idempotent-replayed']).toBe('true');
      expect((await latestApplications(receiver.store)).map((application) => application.id)).toEqual(['floor-1']);
      expect(lines.filter((line) => line.startsWith('disk floor:'))).toEqual([
        expect.stringMatching(/under the floor/),
        expect.stringMatching(/500 MB free in the data folder again/),
      ]);

      const metrics = await rawRequest(receiver.metricsUrl, { method: 'GET' });
      expect(metrics.text).toMatch(/^receiver_refusals_total\{status="503",kind="disk under its floor"\} 2$/m);
      expect(metrics.text).toMatch(/^receiver_answers_total\{status="201"\} 2$/m);
      expect(metrics.text).toMatch(/^receiver_disk_free_bytes 524288000$/m);
      expect(metrics.text).not.toContain('@example.com');
    } finally {
      await stopTestReceiver(receiver);
    }
  }, 60_000);
});

/** A tmpfs of `size` mounted at a new folder, or why not (not root, no permission: the test skips). */
async function smallFilesystem(size: string): Promise<{ dir: string; unmount: () => Promise<void> } | { reason: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'receiver-small-fs-'));
  try {
    await execFile('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return { reason: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'mount failed' };
  }
  return {
    dir,
    async unmount() {
      await execFile('umount', ['-l', dir]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const small = process.getuid?.() === 0 ? await smallFilesystem('256m') : { reason: 'not root' };
if ('reason' in small) process.stderr.write(`Skipping the disk floor on a real small filesystem: ${small.reason}.\n`);
afterAll(async () => {
  if ('dir' in small) await small.unmount();
});

describe.skipIf('reason' in small)('the disk floor, on a real small filesystem', () => {
  it('a ballast file that takes the free space under the floor refuses applications; deleting it lets them in', async () => {
    const dir = 'dir' in small ? small.dir : '';
    const dataDir = join(dir, 'data');
    await mkdir(dataDir);
    const receiver = await startTestReceiver({ dataDir, limits: { diskFloorBytes: 32 * MB } });
    try {
      expect((await put(receiver, 'real-1')).status).toBe(201);
      const ballast = join(dir, 'ballast');
      await execFile('fallocate', ['-l', String((await freeBytesIn(dataDir)) - 16 * MB), ballast]);
      await nextReading();
      const refused = await put(receiver, 'real-2');
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      await rm(ballast);
      await nextReading();
      expect((await put(receiver, 'real-2')).status).toBe(201);
      expect((await latestApplications(receiver.store)).map((application) => application.id).sort()).toEqual(['real-1', 'real-2']);
    } finally {
      await stopTestReceiver(receiver);
    }
  }, 60_000);
});

/** A TCP relay to the database that a test can cut (every connection dropped, new ones refused) and restore. */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        for (const socket of sockets) socket.destroy();
      }),
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening)
          server.close(() => {
            resolve();
          });
        else resolve();
      }),
  };
}

describe.skipIf('reason' in postgres)('PostgreSQL that cannot be reached', () => {
  it('answers 503 with Retry-After, not 500, and keeps what it acknowledged', async () => {
    const target = new URL('url' in postgres ? postgres.url : '');
    const relay = await relayTo(target);
    const viaRelay = new URL(target);
    viaRelay.port = String(relay.port);
    const receiver = await startTestReceiver({ databaseUrl: viaRelay.toString() });
    try {
      expect((await put(receiver, 'pg-1')).status).toBe(201);
      await relay.cut();
      const refused = await put(receiver, 'pg-2');
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      await relay.restore();
      expect((await put(receiver, 'pg-2')).status).toBe(201);
      expect((await latestApplications(receiver.store)).map((application) => application.id).sort()).toEqual(['pg-1', 'pg-2']);
    } finally {
      await stopTestReceiver(receiver);
      await relay.close();
    }
  }, 60_000);
});
