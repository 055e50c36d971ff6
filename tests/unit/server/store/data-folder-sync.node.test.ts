// @vitest-environment node
/**
 * The embedded store's data folder is synced once after PGlite creates it
 * (server/store/data-folder-sync.mjs): every file and folder initdb wrote, the parent folders made
 * for it, then a marker saying so; a reopened store syncs none of it again, and a crash before the
 * marker (here a sync that fails part-way) makes the next start sync it all. The store's sync of
 * one path is replaced by one that syncs and records it.
 */
import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYNCED_MARKER, fsyncPath } from '../../../../server/store/data-folder-sync.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'data-folder-sync-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A sync that syncs, and records each path in the order its sync ended. */
function recordingSync() {
  const synced: string[] = [];
  return {
    synced,
    syncPath: async (path: string) => {
      await fsyncPath(path);
      synced.push(path);
    },
  };
}

/** Every file and folder under `dir`, `dir` included. */
async function walk(dir: string): Promise<{ files: string[]; folders: string[] }> {
  const files: string[] = [];
  const folders: string[] = [dir];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) folders.push(path);
    else if (entry.isFile()) files.push(path);
  }
  return { files, folders };
}

/** How many times each path was synced, for those synced other than once. */
function repeats(synced: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const path of synced) counts[path] = (counts[path] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).filter(([, count]) => count !== 1));
}

async function openAndClose(dataDir: string, syncPath: (path: string) => Promise<void>) {
  const store = await openPgliteStore(dataDir, { syncPath });
  await store.close();
}

describe("the embedded store's data folder", () => {
  it('is synced once when new, with the parents made for it, then marked; reopened, none of it is synced again', async () => {
    const dataDir = join(root, 'made', 'for', 'data');
    const marker = join(dataDir, SYNCED_MARKER);
    const created = recordingSync();
    await openAndClose(dataDir, created.syncPath);
    const { files, folders } = await walk(dataDir);

    // Every folder and file in it (PGlite writes none after the sync that it would not sync itself).
    expect(files.length).toBeGreaterThan(100);
    expect(folders.filter((folder) => !created.synced.includes(folder))).toEqual([]);
    expect(files.filter((file) => !created.synced.includes(file))).toEqual([]);
    // The folders made for it hold its entry and each other's: synced, as is the folder they are in.
    for (const parent of [join(root, 'made', 'for'), join(root, 'made'), root]) expect(created.synced).toContain(parent);
    // Each once; the folder again at the end, for the marker's entry, written after all the rest.
    expect(repeats(created.synced)).toEqual({ [dataDir]: 2 });
    expect(created.synced.slice(-2)).toEqual([marker, dataDir]);
    await access(marker);

    const reopened = recordingSync();
    await openAndClose(dataDir, reopened.syncPath);
    expect(reopened.synced).toEqual([]);
  }, 120_000);

  it('is synced whole at the next start when a crash came between its creation and the marker', async () => {
    const dataDir = join(root, 'data');
    let calls = 0;
    const crashing = async (path: string) => {
      calls += 1;
      if (calls > 50) throw new Error('the power went out');
      await fsyncPath(path);
    };
    await expect(openAndClose(dataDir, crashing)).rejects.toThrow('the power went out');
    await expect(access(join(dataDir, SYNCED_MARKER))).rejects.toThrow();

    const restarted = recordingSync();
    await openAndClose(dataDir, restarted.syncPath);
    expect(restarted.synced).toContain(join(dataDir, 'PG_VERSION'));
    expect(restarted.synced.filter((path) => path.startsWith(join(dataDir, 'base/'))).length).toBeGreaterThan(100);
    expect(restarted.synced.slice(-2)).toEqual([join(dataDir, SYNCED_MARKER), dataDir]);

    const reopened = recordingSync();
    await openAndClose(dataDir, reopened.syncPath);
    expect(reopened.synced).toEqual([]);
  }, 120_000);
});
