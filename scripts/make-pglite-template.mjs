// `npm run make:pglite-template`: makes the pre-built database the embedded store unpacks into a
// new data folder (server/store/pglite-template.mjs says why: PGlite's initdb needs 800-900 MB).
// Run it after upgrading @electric-sql/pglite, on a machine with 1 GB free, and commit
// server/store/pglite-template/ (the old version's template is removed).
//
// It runs PGlite's own initdb into a temporary folder (PGlite.create, as the store did before),
// closes the database cleanly (a shutdown checkpoint), then writes every file and folder of it as a
// ustar archive, sorted, with fixed times, owners and modes (so the same initdb output makes the
// same archive), compressed with Brotli at its best setting with a 16 MB window (the three
// databases initdb makes are near copies of one another: 39 MB become 1.3 MB, where gzip's 32 kB
// window leaves 4.5 MB). Takes a minute or two.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { TEMPLATE_DIR, installedPgliteVersion } from '../server/store/pglite-template.mjs';

const version = await installedPgliteVersion();
const folder = await mkdtemp(join(tmpdir(), 'pglite-template-'));
try {
  process.stdout.write(`Running @electric-sql/pglite ${version}'s initdb in ${folder}…\n`);
  const db = await PGlite.create({ dataDir: folder });
  await db.close();

  /** @type {Buffer[]} */
  const blocks = [];
  /** @param {string} relative */
  const walk = async (relative) => {
    const entries = (await readdir(join(folder, relative), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        blocks.push(header(`${name}/`, 0, '5'));
        await walk(name);
      } else if (entry.isFile()) {
        const data = await readFile(join(folder, name));
        blocks.push(header(name, data.length, '0'), data, Buffer.alloc((512 - (data.length % 512)) % 512));
      } else throw new Error(`${name} is neither a file nor a folder`);
    }
  };
  await walk('');
  blocks.push(Buffer.alloc(1024));
  const tar = Buffer.concat(blocks);
  process.stdout.write(`Compressing ${String(Math.round(tar.length / 1024 / 1024))} MB…\n`);
  const compressed = brotliCompressSync(tar, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: tar.length },
  });
  const postgres = (await readFile(join(folder, 'PG_VERSION'), 'utf8')).trim();
  const file = `pgdata-pglite-${version}.tar.br`;
  for (const old of await readdir(TEMPLATE_DIR).catch(() => [])) if (old.endsWith('.tar.br') && old !== file) await rm(join(TEMPLATE_DIR, old));
  await writeFile(join(TEMPLATE_DIR, file), compressed);
  const manifest = { pglite: version, postgres, file, bytes: compressed.length, sha256: createHash('sha256').update(compressed).digest('hex') };
  const note =
    "Made by scripts/make-pglite-template.mjs: the data folder @electric-sql/pglite's initdb makes, unpacked into a new embedded store by server/store/pglite-template.mjs.";
  await writeFile(join(TEMPLATE_DIR, 'manifest.json'), `${JSON.stringify({ note, templates: [manifest] }, null, 2)}\n`);
  process.stdout.write(`Wrote ${join(TEMPLATE_DIR, file)} (${String((await stat(join(TEMPLATE_DIR, file))).size)} bytes) and manifest.json.\n`);
} finally {
  await rm(folder, { recursive: true, force: true });
}

/**
 * A ustar header: the name (split into prefix and name past 100 bytes), mode 0600 or 0700,
 * owner 0, time 0, and its checksum.
 * @param {string} name
 * @param {number} size
 * @param {'0' | '5'} type
 */
function header(name, size, type) {
  const block = Buffer.alloc(512);
  let prefix = '';
  let short = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 2);
    prefix = name.slice(0, cut);
    short = name.slice(cut + 1);
  }
  const put = (/** @type {string} */ text, /** @type {number} */ at, /** @type {number} */ length) => {
    if (Buffer.byteLength(text) > length) throw new Error(`${name}: a tar field is too long`);
    block.write(text, at, length, 'utf8');
  };
  const octal = (/** @type {number} */ value, /** @type {number} */ length) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  put(short, 0, 100);
  put(octal(type === '5' ? 0o700 : 0o600, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(0, 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}
