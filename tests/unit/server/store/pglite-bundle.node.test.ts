// @vitest-environment node
/**
 * PGlite's data bundle (pglite.data, 6 MB) is read from the disk on demand once PGlite has
 * started (server/store/pglite-bundle.mjs): its memory is given back, every bundled file reads as
 * before, Postgres still finds what it reads there (timezones, PL/pgSQL, text search), and a write
 * to a bundled file keeps what was written. Fails when a PGlite upgrade changes the internals the
 * module relies on (then nothing is freed).
 */
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullCollection } from '../../../../server/process/idle-collection.mjs';
import { BUNDLE_PATH, readBundleFromDisk } from '../../../../server/store/pglite-bundle.mjs';
import { findTemplate, unpackTemplate } from '../../../../server/store/pglite-template.mjs';

interface TestFS {
  readFile: (path: string) => Uint8Array;
  open: (path: string, flags: string) => unknown;
  write: (stream: unknown, buffer: Uint8Array, offset: number, length: number, position: number) => number;
  close: (stream: unknown) => void;
}

const BUNDLED = [
  '/pglite/share/postgresql/timezonesets/Default',
  '/pglite/share/postgresql/timezone/Europe/Paris',
  '/pglite/share/postgresql/postgres.bki',
  '/pglite/lib/postgresql/plpgsql.so',
];

let parent = '';
let db: PGlite;
let fs: TestFS;
let before: Map<string, Uint8Array>;
let arrayBuffersBefore = 0;
let released: ReturnType<typeof readBundleFromDisk>;

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'pglite-bundle-'));
  const template = await findTemplate();
  if (!('manifest' in template)) throw new Error(template.reason);
  await unpackTemplate(join(parent, 'data'), template);
  db = await PGlite.create({ dataDir: join(parent, 'data') });
  fs = (db as unknown as { mod: { FS: TestFS } }).mod.FS;
  before = new Map(BUNDLED.map((path) => [path, fs.readFile(path).slice()]));
  const collect = fullCollection();
  collect();
  arrayBuffersBefore = process.memoryUsage().arrayBuffers;
  released = readBundleFromDisk(db);
  collect();
}, 60_000);

afterAll(async () => {
  await db.close();
  released.close();
  await rm(parent, { recursive: true, force: true });
});

describe("PGlite's data bundle read from the disk", () => {
  it('gives its memory back', () => {
    expect(released.freedBytes).toBe(statSync(BUNDLE_PATH).size);
    expect(released.files).toBeGreaterThan(500);
    expect(arrayBuffersBefore - process.memoryUsage().arrayBuffers).toBeGreaterThan(0.9 * released.freedBytes);
  });

  it('reads every bundled file as it was', () => {
    for (const [path, bytes] of before) expect(Buffer.from(fs.readFile(path)).equals(Buffer.from(bytes)), path).toBe(true);
  });

  it('leaves Postgres what it reads from the bundle: timezones, PL/pgSQL, text search', async () => {
    await db.exec("SET TIME ZONE 'Europe/Paris'");
    expect((await db.query<{ hour: string }>("SELECT to_char(timestamptz '2026-01-01 00:00Z', 'HH24') AS hour")).rows).toEqual([{ hour: '01' }]);
    await db.exec('DO $$ BEGIN PERFORM 1; END $$');
    expect((await db.query<{ words: string }>("SELECT to_tsvector('english', 'the running dogs')::text AS words")).rows).toEqual([
      { words: "'dog':3 'run':2" },
    ]);
  });

  it('keeps what is written to a bundled file', () => {
    const path = '/pglite/share/postgresql/timezonesets/Default';
    const stream = fs.open(path, 'r+');
    fs.write(stream, new TextEncoder().encode('##'), 0, 2, 0);
    fs.close(stream);
    const original = before.get(path) ?? new Uint8Array();
    const now = fs.readFile(path);
    expect(new TextDecoder().decode(now.subarray(0, 2))).toBe('##');
    expect(Buffer.from(now.subarray(2)).equals(Buffer.from(original.subarray(2)))).toBe(true);
  });
});
