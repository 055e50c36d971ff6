// @vitest-environment node
// `npm start` that must build keeps the programme being served: a deployer's edit of
// dist/config.json survives a rebuild for new sources, and public/config.json wins only when it
// changed too (then the edit is kept as a copy and the start says so).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { programmeDigest } from '../../../server/programme/programme-digest.mjs';
import { buildKeepingProgramme } from '../../../scripts/served-programme.mjs';

let root: string;
const DEFAULT = '{"title":"Hartwell"}';
const EDITED = '{"title":"Rideaux, edited on the server"}';
const at = new Date(Date.UTC(2026, 10, 25, 12, 0, 0));

async function write(path: string, text: string) {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
}
const read = (path: string) => readFile(join(root, path), 'utf8');

/** What `npm run build` does to the files that matter here: dist/ from public/config.json, Welcome drawn from it. */
async function fakeBuild() {
  const source = await read('public/config.json');
  await write('dist/config.json', source);
  await write('dist/index.html', `<div class="prerendered" data-prerendered-config="${programmeDigest(source)}"></div>`);
  return true;
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'served-programme-'));
  await write('public/config.json', DEFAULT);
  await fakeBuild();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const copies = async () => (await readdir(root)).filter((name) => name.startsWith('config.edited-'));

describe('npm start building over a served programme', () => {
  it('keeps an edit of dist/config.json over the build, and says how to ship it with every build', async () => {
    await write('dist/config.json', EDITED);
    const { built, notice } = await buildKeepingProgramme(root, fakeBuild, at);
    expect(built).toBe(true);
    expect(await read('dist/config.json')).toBe(EDITED);
    expect(notice).toMatch(/^dist\/config\.json has edits of its own: they are kept over the build's copy of public\/config\.json/);
    expect(notice).toContain('copy dist/config.json to public/config.json');
    expect(await copies()).toEqual([]);
  });

  it("ships public/config.json when dist/config.json is the last build's copy, changed or not", async () => {
    expect(await buildKeepingProgramme(root, fakeBuild, at)).toEqual({ built: true, notice: null });
    expect(await read('dist/config.json')).toBe(DEFAULT);
    await write('public/config.json', '{"title":"A new default"}');
    expect(await buildKeepingProgramme(root, fakeBuild, at)).toEqual({ built: true, notice: null });
    expect(await read('dist/config.json')).toBe('{"title":"A new default"}');
  });

  it('ships public/config.json when it changed since the last build too, keeping the edit beside the project with a WARNING', async () => {
    await write('dist/config.json', EDITED);
    await write('public/config.json', '{"title":"A new default"}');
    const { notice } = await buildKeepingProgramme(root, fakeBuild, at);
    expect(await read('dist/config.json')).toBe('{"title":"A new default"}');
    expect(await copies()).toEqual(['config.edited-2026-11-25T12-00-00-000Z.json']);
    expect(await read('config.edited-2026-11-25T12-00-00-000Z.json')).toBe(EDITED);
    expect(notice).toMatch(/^WARNING: dist\/config\.json had edits of its own, but public\/config\.json changed since the last build too/);
  });

  it('puts the edit back even when the build fails half way', async () => {
    await write('dist/config.json', EDITED);
    const failing = async () => {
      await write('dist/config.json', DEFAULT);
      return false;
    };
    expect((await buildKeepingProgramme(root, failing, at)).built).toBe(false);
    expect(await read('dist/config.json')).toBe(EDITED);
  });
});
