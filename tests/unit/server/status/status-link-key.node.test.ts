// @vitest-environment node
// The status links' key: STATUS_LINK_KEY read and checked (a clear start-up error, never the value),
// else a 0600 file in the data folder made once and synced, else PostgreSQL's one-row table made
// once even when instances start together; and the secret and hash derived from it.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  STATUS_LINK_KEY_FILE,
  keyInDataFolder,
  parseStatusLinkKey,
  secretHash,
  statusLinkKey,
  statusSecretFor,
} from '../../../../server/status/status-link-key.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver } from '../../../support/receiver-fixture';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the status key's PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

describe('parseStatusLinkKey', () => {
  const bytes = Buffer.from(Array.from({ length: 32 }, (_, index) => index * 7));
  it('reads 32 bytes or more as hex, base64 or base64url', () => {
    expect(parseStatusLinkKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseStatusLinkKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseStatusLinkKey(` ${bytes.toString('base64url')}\n`)).toEqual(bytes);
  });
  it("stops the receiver's start with the reason, its data folder left free", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'status-key-start-'));
    try {
      await expect(startTestReceiver({ dataDir, statusLinkKey: 'c2hvcnQ=' })).rejects.toThrow(/STATUS_LINK_KEY must hold at least 32 bytes/);
      const started = await startTestReceiver({ dataDir, statusLinkKey: Buffer.alloc(32, 4).toString('base64url') });
      await stopTestReceiver(started);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
  it('refuses a short key or one in no encoding, saying how to make one and never repeating it', () => {
    expect(() => parseStatusLinkKey('c2hvcnQ=')).toThrow(/at least 32 bytes; it holds 5/);
    expect(() => parseStatusLinkKey('not a key at all!')).toThrow(/hex, base64 or base64url/);
    try {
      parseStatusLinkKey('secret-but-short');
    } catch (error) {
      expect(String(error)).not.toContain('secret-but-short');
    }
  });
});

describe('the key in the data folder', () => {
  it('is made once, 0600, synced with its folder, and read back the same after', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'status-key-'));
    try {
      const synced: string[] = [];
      const key = await keyInDataFolder(dataDir, (path) => {
        synced.push(path);
        return Promise.resolve();
      });
      expect(key).toHaveLength(32);
      expect(synced).toEqual([dataDir]);
      const file = join(dataDir, STATUS_LINK_KEY_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim()).toBe(key.toString('hex'));
      expect(await keyInDataFolder(dataDir)).toEqual(key);
      await writeFile(file, 'abcd\n');
      await expect(keyInDataFolder(dataDir)).rejects.toThrow(/does not hold a key of 32 bytes/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('gives way to STATUS_LINK_KEY, which leaves no file behind', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'status-key-'));
    const store = await openStore({ dataDir });
    try {
      const configured = Buffer.alloc(32, 9);
      expect(await statusLinkKey({ env: { STATUS_LINK_KEY: configured.toString('base64') }, store, dataDir })).toEqual(configured);
      await expect(stat(join(dataDir, STATUS_LINK_KEY_FILE))).rejects.toThrow();
      const kept = await statusLinkKey({ env: {}, store, dataDir });
      expect(await statusLinkKey({ env: {}, store, dataDir })).toEqual(kept);
    } finally {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf('reason' in postgres)('the key in PostgreSQL', () => {
  it('is made once by instances starting together, and a line advises STATUS_LINK_KEY', async () => {
    const url = 'url' in postgres ? postgres.url : '';
    const stores = await Promise.all([1, 2, 3].map(() => openStore({ databaseUrl: url, dataDir: '/nonexistent' })));
    try {
      const lines: string[] = [];
      const keys = await Promise.all(stores.map((store) => statusLinkKey({ env: {}, store, dataDir: '/nonexistent', log: (line) => lines.push(line) })));
      expect(keys[0]).toHaveLength(32);
      expect(keys[1]).toEqual(keys[0]);
      expect(keys[2]).toEqual(keys[0]);
      expect(lines[0]).toMatch(/set STATUS_LINK_KEY/);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});

describe('statusSecretFor and secretHash', () => {
  it('derive 43 base64url characters per application and key, hashed as hex SHA-256', () => {
    const key = Buffer.alloc(32, 1);
    const secret = statusSecretFor(key, 'app-1');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statusSecretFor(key, 'app-1')).toBe(secret);
    expect(statusSecretFor(key, 'app-2')).not.toBe(secret);
    expect(statusSecretFor(Buffer.alloc(32, 2), 'app-1')).not.toBe(secret);
    expect(secretHash(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(secretHash(secret)).not.toBe(secretHash(statusSecretFor(key, 'app-2')));
  });
});
