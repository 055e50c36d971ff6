// @vitest-environment node
/**
 * A new embedded data folder is the shipped pre-built database unpacked (server/store/pglite-template.mjs),
 * not PGlite's initdb (800-900 MB): the template matches the installed PGlite, a store opens on it with
 * the small memory settings (which win over the postgresql.conf initdb wrote, so older folders get them
 * too), and a template that is not the one its manifest names leaves no PG_VERSION, so nothing opens
 * a half-made database and the next start unpacks again.
 */
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MEMORY_SETTINGS } from '../../../../server/store/pglite-memory.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';
import { TEMPLATE_DIR, findTemplate, installedPgliteVersion, unpackTemplate } from '../../../../server/store/pglite-template.mjs';

const folders: string[] = [];
async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), prefix));
  folders.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((made) => rm(made, { recursive: true, force: true })));
});

describe("the embedded store's pre-built database", () => {
  it('is shipped for the installed @electric-sql/pglite (else run npm run make:pglite-template)', async () => {
    const template = await findTemplate();
    expect('reason' in template ? template.reason : '').toBe('');
    if ('manifest' in template) expect(template.manifest.pglite).toBe(await installedPgliteVersion());
  });

  it('opens as a store with the small memory settings, over the 128 MB its postgresql.conf names, without initdb', async () => {
    const dataDir = join(await folder('pglite-template-'), 'data');
    const warnings: string[] = [];
    const store = await openPgliteStore(dataDir, { warn: (text) => warnings.push(text) });
    try {
      expect(warnings).toEqual([]);
      expect(await readFile(join(dataDir, 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m);
      for (const [name, value] of Object.entries(MEMORY_SETTINGS)) {
        const { rows } = await store.query(`SHOW ${name}`);
        expect(rows[0]?.[name], name).toBe(value);
      }
      await store.query('CREATE TABLE kept (n int)');
      await store.query('INSERT INTO kept VALUES (1)');
    } finally {
      await store.close();
    }
    // The files are the receiver's alone.
    for (const name of ['PG_VERSION', 'base', 'global/pg_control']) expect((await stat(join(dataDir, name))).mode & 0o077, name).toBe(0);
    const reopened = await openPgliteStore(dataDir);
    try {
      expect((await reopened.query('SELECT n FROM kept')).rows).toEqual([{ n: 1 }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('that is not the one its manifest names is refused before PG_VERSION is written; a good one then unpacks over it', async () => {
    const template = await findTemplate();
    if (!('manifest' in template)) throw new Error(template.reason);
    const templateDir = await folder('pglite-template-bad-');
    await cp(TEMPLATE_DIR, templateDir, { recursive: true });
    const manifest = { ...template.manifest, sha256: '0'.repeat(64) };
    await writeFile(join(templateDir, 'manifest.json'), JSON.stringify({ templates: [manifest] }));
    const dataDir = await folder('pglite-template-data-');
    await expect(unpackTemplate(dataDir, { manifest, path: join(templateDir, manifest.file) })).rejects.toThrow(/is not the template its manifest names/);
    expect(existsSync(join(dataDir, 'base'))).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);

    const store = await openPgliteStore(dataDir);
    try {
      expect((await store.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await store.close();
    }
  }, 120_000);
});
