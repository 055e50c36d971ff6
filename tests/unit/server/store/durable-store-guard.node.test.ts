// @vitest-environment node
/**
 * The guard the embedded store runs at every start (checkDurable in server/store/durable-node-fs.mjs):
 * it passes on the store as opened, and refuses, saying why, each way an upgrade of PGlite could
 * silently drop the syncs: fsync off again, the filesystem's fsync not the store's hook, or the
 * engine no longer calling it when it flushes the WAL. And a sync the disk refuses fails its commit.
 */
import { fsyncSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURABLE_SETTINGS, DurableNodeFS, checkDurable, durableStartParams } from '../../../../server/store/durable-node-fs.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';

/** A DurableNodeFS in an engine whose own (empty) fsync replaces the store's after it was installed. */
class OverwrittenFsync extends DurableNodeFS {
  override async init(pg: PGlite, options: Parameters<DurableNodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...emscriptenOpts.preRun,
          (module: unknown) => {
            const streamOps = (module as { NODEFS: { stream_ops: Record<string, unknown> } }).NODEFS.stream_ops;
            streamOps.fsync = () => 0;
          },
        ],
      },
    };
  }
}

let dataDir = '';

beforeAll(async () => {
  // One folder for every case: made (initdb) once by the store, then reopened.
  dataDir = await mkdtemp(join(tmpdir(), 'durable-guard-'));
  const store = await openPgliteStore(dataDir);
  await store.close();
}, 120_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Opens the folder with `fs` and `startParams`, runs the guard, closes; resolves with the guard's error message or null. */
async function guardOn(fs: DurableNodeFS, startParams: string[], settings?: Record<string, string>): Promise<string | null> {
  const db = await PGlite.create({ fs, startParams });
  try {
    await checkDurable(db, fs, settings);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await db.close();
  }
}

describe("the embedded store's durability guard", () => {
  it('passes on the store as it opens it, and the store reopens', async () => {
    expect(await guardOn(new DurableNodeFS(dataDir), durableStartParams())).toBeNull();
    const store = await openPgliteStore(dataDir);
    expect((await store.query('SHOW fsync')).rows).toEqual([{ fsync: 'on' }]);
    await store.close();
  }, 60_000);

  it("refuses PGlite's own start parameters, which run Postgres with fsync off", async () => {
    const message = await guardOn(new DurableNodeFS(dataDir), PGlite.defaultStartParams);
    expect(message).toMatch(/^The embedded database would not be durable, so the receiver refuses to start: fsync is off, not on; /);
    expect(message).toContain('wal_sync_method is fdatasync, not fsync');
  }, 60_000);

  it('refuses a WAL sync method other than the one set', async () => {
    const message = await guardOn(new DurableNodeFS(dataDir), durableStartParams({ ...DURABLE_SETTINGS, wal_sync_method: 'open_datasync' }));
    expect(message).toContain('wal_sync_method is open_datasync, not fsync');
  }, 60_000);

  it("refuses when the filesystem's fsync is not the store's hook", async () => {
    const message = await guardOn(new OverwrittenFsync(dataDir), durableStartParams());
    expect(message).toContain("NODEFS.stream_ops.fsync is not the store's fsync hook");
  }, 60_000);

  it('fails the commit whose WAL sync fails, after telling the store (which stops the process)', async () => {
    let failing = false;
    const failures: string[] = [];
    const fs = new DurableNodeFS(dataDir, {
      fsyncSync: (fd) => {
        if (failing) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
        fsyncSync(fd);
      },
      onSyncFailure: (path) => failures.push(path),
    });
    const db = await PGlite.create({ fs, startParams: durableStartParams() });
    try {
      await checkDurable(db, fs);
      await db.query('CREATE TABLE IF NOT EXISTS guard_probe (n int)');
      failing = true;
      await expect(db.query('INSERT INTO guard_probe VALUES (1)')).rejects.toThrow(/could not fsync file "0{7}1\d+": I\/O error/);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/\/pg_wal\/[0-9A-F]{24}$/);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses when a flush of the WAL does not reach the hook, every setting as asked', async () => {
    // PGlite's runtime answers fdatasync() itself: fsync on, the hook in place, and still no sync.
    const settings = { ...DURABLE_SETTINGS, wal_sync_method: 'fdatasync' };
    const message = await guardOn(new DurableNodeFS(dataDir), durableStartParams(settings), settings);
    expect(message).toContain('a flush of the WAL synced no WAL segment through the filesystem (synced: nothing)');
  }, 60_000);
});
