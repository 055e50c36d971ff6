// Reads the production build in dist/ (built by `npm run test:e2e` before this suite); no browser.
// An edited dist/config.json names its own programme everywhere the server sends words the build
// took from public/config.json: index.html's title and language (and no build-time Welcome of
// another programme), and the manifest an install reads.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer } from '../../server/start-server.mjs';
import { DIST_DIR } from '../support/dist-dir';
import { rawRequest } from '../support/http-request';
import { preparedDataDir } from '../support/prepared-data-dir';

let root: string;
let dataDir: string;
let server: Awaited<ReturnType<typeof startServer>>;
let built: Record<string, unknown>;

const get = (path: string, headers: Array<[string, string]> = []) => rawRequest(`${server.url}${path}`, { method: 'GET', headers });

const once = () => test.info().project.name === 'desktop';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  if (!once()) return;
  root = await mkdtemp(join(tmpdir(), 'programme-pages-root-'));
  dataDir = await preparedDataDir('programme-pages-data-');
  await cp(DIST_DIR, root, { recursive: true });
  built = JSON.parse(await readFile(join(root, 'config.json'), 'utf8')) as Record<string, unknown>;
  server = await startServer({ root, port: 0, dataDir });
});

test.afterAll(async () => {
  if (!once()) return;
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  test.skip(!once(), 'reads files and HTTP only: once is enough');
});

test.describe('the pages of a programme', () => {
  test('serves the build as it is while config.json is the one it was built with', async () => {
    const page = await get('/');
    expect(page.text).toContain(`<title>${String(built.title).replace('&', '&amp;')}</title>`);
    expect(page.text).toContain('<html lang="en">');
    // Drawn for the file served: Welcome does not wait for config.json as on a static host (src/first-paint/hold-for-config.ts).
    expect(page.text).not.toContain('data-config-hold');
    const manifest = (await get('/manifest.webmanifest')).json as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: built.programmeTitle, short_name: built.shortName, description: built.description, lang: 'en', dir: 'ltr' });
    expect(manifest.screenshots).toHaveLength(4);
  });

  test("names the edited programme in the title, the language and the manifest, and opens on the loading line rather than the build's Welcome", async () => {
    const before = await get('/');
    const edited: Record<string, unknown> = {
      ...built,
      title: 'Programme des créateurs · Rideaux & Cie',
      programmeTitle: 'Programme des créateurs',
      lang: 'fr',
      shortName: 'Créateurs',
    };
    delete edited.description;
    await writeFile(join(root, 'config.json'), JSON.stringify(edited, null, 2));

    expect((await get('/', [['Accept-Encoding', 'gzip']])).headers['content-encoding']).toBe('gzip');
    const page = await get('/');
    expect(page.text).toContain('<title>Programme des créateurs · Rideaux &amp; Cie</title>');
    expect(page.text).toContain('<html lang="fr" class="resuming">');
    expect(page.text).not.toContain(`<title>${String(built.title)}`);
    // The edited programme as the receiver checked it, so the page need not run the schema itself.
    const checked = JSON.parse(/<script type="application\/json" id="checked-config">([\s\S]*?)<\/script>/.exec(page.text)?.[1] ?? 'null') as {
      digest: string;
      config: { title: string };
    } | null;
    const editedText = await readFile(join(root, 'config.json'), 'utf8');
    expect(checked?.digest).toBe(createHash('sha256').update(editedText).digest('hex').slice(0, 16));
    expect(checked?.config.title).toBe('Programme des créateurs · Rideaux & Cie');
    expect(page.headers.etag).not.toBe(before.headers.etag);
    // Asked again with its ETag: not modified.
    expect((await get('/', [['If-None-Match', String(page.headers.etag)]])).status).toBe(304);

    const manifest = (await get('/manifest.webmanifest')).json as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Programme des créateurs', short_name: 'Créateurs', lang: 'fr', start_url: '/', display: 'standalone' });
    expect(manifest).not.toHaveProperty('description');
    // The screenshots are pictures of the build's programme.
    expect(manifest).not.toHaveProperty('screenshots');
    expect(JSON.stringify(manifest)).not.toContain(String(built.programmeTitle));
  });

  test('lays a programme in a language written right to left out right to left, and the next edit back again', async () => {
    await writeFile(join(root, 'config.json'), JSON.stringify({ ...built, lang: 'ar-EG' }, null, 2));
    expect((await get('/')).text).toContain('<html lang="ar-EG" dir="rtl" class="resuming">');
    expect((await get('/manifest.webmanifest')).json).toMatchObject({ lang: 'ar-EG', dir: 'rtl' });

    await writeFile(join(root, 'config.json'), JSON.stringify({ ...built, lang: 'fr' }, null, 2));
    expect((await get('/')).text).toContain('<html lang="fr" class="resuming">');
    expect((await get('/manifest.webmanifest')).json).toMatchObject({ lang: 'fr', dir: 'ltr' });
  });

  test('gives pages the last valid programme over a broken edit, never the broken file', async () => {
    const lastValid = (await get('/config.json')).text;
    await writeFile(join(root, 'config.json'), '{ "title": ');
    expect((await get('/config.json')).text).toBe(lastValid);
    const page = await get('/');
    expect(page.text).toContain(`<title>${String(built.title).replace('&', '&amp;')}</title>`);
    expect(page.text).toContain('<html lang="fr" class="resuming">');
    expect((await get('/manifest.webmanifest')).json).toMatchObject({ name: built.programmeTitle, lang: 'fr' });
  });
});
