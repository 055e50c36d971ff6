// A new embedded database made from a pre-built one, not by running initdb.
//
// Why: PGlite 0.5 creates a database by starting a second PGlite, copying that one's whole
// WebAssembly memory (at least 128 MB, the module's minimum) into a JavaScript buffer, writing it
// back before every postgres run initdb makes, and holding the new folder in memory and then as a
// tar while it copies it to the disk: 800-900 MB resident for half a minute, whatever settings
// initdb is given (measured: 832 MB default, 704 MB with 16 MB of shared buffers). A receiver on a
// 512 MB server would be killed by the kernel on its very first start.
//
// So the project ships the folder PGlite's own initdb makes (scripts/make-pglite-template.mjs makes
// it, once, on a developer's machine), as a tar compressed with Brotli (1.3 MB), one per version of
// @electric-sql/pglite, with its SHA-256 in manifest.json. A new folder is the template unpacked
// file by file (at most one file, 16 MB, in memory), its hash checked, then PGlite opens it as it
// opens any existing folder. PG_VERSION, which tells PGlite a database is there, is written last,
// only once every other file is written and the hash matched: a crash or a bad template part way
// leaves a folder without it, which the next start unpacks again.
//
// When no template matches the installed PGlite (it was upgraded without making a new one),
// PGlite's initdb is used as before, with a warning: it works, with 900 MB.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';

export const TEMPLATE_DIR = fileURLToPath(new URL('pglite-template/', import.meta.url));

/**
 * @typedef {{ pglite: string, file: string, sha256: string, bytes: number, postgres: string }} TemplateManifest
 *   pglite: the @electric-sql/pglite version whose initdb made it; postgres: its PG_VERSION
 */

/** The installed @electric-sql/pglite's version. */
export async function installedPgliteVersion() {
  const require = createRequire(import.meta.url);
  // The package's exports do not include package.json; its main entry sits in dist/.
  const main = require.resolve('@electric-sql/pglite');
  const packageJson = join(dirname(main), '..', 'package.json');
  const parsed = /** @type {unknown} */ (JSON.parse(await readFile(packageJson, 'utf8')));
  return /** @type {{ version: string }} */ (parsed).version;
}

/**
 * The template made for the installed PGlite, or the reason there is none.
 * @param {string} [templateDir]
 * @returns {Promise<{ manifest: TemplateManifest, path: string } | { reason: string }>}
 */
export async function findTemplate(templateDir = TEMPLATE_DIR) {
  const version = await installedPgliteVersion();
  /** @type {TemplateManifest[]} */
  let manifests;
  try {
    const parsed = /** @type {unknown} */ (JSON.parse(await readFile(join(templateDir, 'manifest.json'), 'utf8')));
    manifests = /** @type {{ templates: TemplateManifest[] }} */ (parsed).templates;
  } catch (error) {
    return { reason: `no readable ${join(templateDir, 'manifest.json')} (${error instanceof Error ? error.message : String(error)})` };
  }
  const manifest = manifests.find((candidate) => candidate.pglite === version);
  if (!manifest)
    return {
      reason: `no template for @electric-sql/pglite ${version} (there is one for ${manifests.map((candidate) => candidate.pglite).join(', ') || 'none'})`,
    };
  return { manifest, path: join(templateDir, manifest.file) };
}

/**
 * Unpacks the template into dataDir (which holds no PG_VERSION), PG_VERSION last. Throws, leaving
 * no PG_VERSION, when the archive is not the one the manifest names or is not a plain tar.
 * @param {string} dataDir
 * @param {{ manifest: TemplateManifest, path: string }} template
 */
export async function unpackTemplate(dataDir, { manifest, path }) {
  const hash = createHash('sha256');
  const compressed = createReadStream(path);
  let compressedBytes = 0;
  compressed.on('data', (/** @type {Buffer | string} */ chunk) => {
    hash.update(chunk);
    compressedBytes += chunk.length;
  });
  /** @type {Buffer | null} the PG_VERSION file, written once all the rest is */
  let pgVersion = null;
  for await (const entry of tarEntries(compressed.pipe(createBrotliDecompress()))) {
    const target = safeTarget(dataDir, entry.name);
    if (entry.type === 'directory') await mkdir(target, { recursive: true, mode: 0o700 });
    else if (entry.name === 'PG_VERSION') pgVersion = entry.data;
    else {
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, entry.data, { mode: 0o600 });
    }
  }
  const sha256 = hash.digest('hex');
  if (sha256 !== manifest.sha256 || compressedBytes !== manifest.bytes)
    throw new Error(
      `${path} is not the template its manifest names (SHA-256 ${sha256}, ${String(compressedBytes)} bytes; expected ${manifest.sha256}, ${String(manifest.bytes)} bytes): reinstall the project's files`,
    );
  if (!pgVersion) throw new Error(`${path} holds no PG_VERSION`);
  await writeFile(join(dataDir, 'PG_VERSION'), pgVersion, { mode: 0o600 });
}

/**
 * Where an entry goes: inside dataDir, or the archive is refused.
 * @param {string} dataDir
 * @param {string} name
 */
function safeTarget(dataDir, name) {
  const relative = normalize(name);
  if (relative.startsWith('..') || relative.startsWith(sep) || relative.includes(`${sep}..${sep}`))
    throw new Error(`the template names a file outside its folder: ${name}`);
  return join(dataDir, relative);
}

/**
 * The entries of a ustar archive (what the make script writes: files and directories only),
 * each file's content whole.
 * @param {AsyncIterable<Buffer>} stream
 * @returns {AsyncGenerator<{ name: string, type: 'file' | 'directory', data: Buffer }>}
 */
export async function* tarEntries(stream) {
  /** @type {Buffer[]} */
  let pending = [];
  let pendingBytes = 0;
  /** @param {number} count */
  const take = (count) => {
    const all = pending.length === 1 ? /** @type {Buffer} */ (pending[0]) : Buffer.concat(pending, pendingBytes);
    pending = pendingBytes > count ? [all.subarray(count)] : [];
    pendingBytes -= count;
    return all.subarray(0, count);
  };
  /** @type {{ name: string, type: 'file' | 'directory', size: number } | null} */
  let header = null;
  let ended = false;
  for await (const chunk of stream) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    for (;;) {
      if (!header) {
        if (ended || pendingBytes < 512) break;
        const block = take(512);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        header = parseHeader(block);
      }
      const padded = Math.ceil(header.size / 512) * 512;
      if (pendingBytes < padded) break;
      const data = Buffer.from(take(padded).subarray(0, header.size));
      yield { name: header.name, type: header.type, data };
      header = null;
    }
  }
  if (!ended || header) throw new Error('the template archive is cut short');
}

/**
 * @param {Buffer} block
 * @returns {{ name: string, type: 'file' | 'directory', size: number }}
 */
function parseHeader(block) {
  const text = (/** @type {number} */ start, /** @type {number} */ length) => {
    const field = block.subarray(start, start + length);
    const end = field.indexOf(0);
    return field.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  const stored = parseInt(text(148, 8).trim(), 8);
  let sum = 0;
  for (let index = 0; index < 512; index += 1) sum += index >= 148 && index < 156 ? 32 : /** @type {number} */ (block[index]);
  if (stored !== sum || text(257, 5) !== 'ustar') throw new Error('the template archive has a damaged header');
  const prefix = text(345, 155);
  const name = (prefix ? `${prefix}/` : '') + text(0, 100);
  const flag = String.fromCharCode(/** @type {number} */ (block[156]));
  if (flag !== '0' && flag !== '\0' && flag !== '5') throw new Error(`the template archive holds ${name}, neither a file nor a directory`);
  return { name: name.replace(/\/$/, ''), type: flag === '5' ? 'directory' : 'file', size: parseInt(text(124, 12).trim() || '0', 8) };
}
