/**
 * A new data folder holding an embedded database already unpacked, synced and migrated: what a
 * receiver's data folder is after its first start, copied from one made once per schema.
 *
 * Why: a first start unpacks the 39 MB template, syncs every file of it and runs every migration,
 * 5 to 15 seconds of a 2-core machine, and most server tests start a receiver of their own. They
 * test what the receiver does with its store, not its first start; the tests of the first start
 * itself (the template, the folder's sync, its privacy under any umask, the memory of a start)
 * make their folder with mkdtemp as before.
 *
 * The prepared folder lives in the system's temporary folder under a name made of everything it
 * depends on (the PGlite version, the template, the schema), so a change of any makes a new one,
 * and test files running side by side share it: each makes it in a folder of its own and renames
 * it into place, and a rename that loses the race leaves the winner's.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../../server/store/open-store.mjs';
import { installedPgliteVersion, TEMPLATE_DIR } from '../../server/store/pglite-template.mjs';

const SCHEMA = fileURLToPath(new URL('../../server/store/schema.mjs', import.meta.url));
// The migrations, one file each, which schema.mjs imports, and the summary a migration computes.
const MIGRATIONS_DIR = fileURLToPath(new URL('../../server/store/migrations/', import.meta.url));
const SUMMARY = fileURLToPath(new URL('../../server/store/application-summary.mjs', import.meta.url));

let prepared: Promise<string> | null = null;

async function preparedName(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await installedPgliteVersion());
  hash.update(await readFile(join(TEMPLATE_DIR, 'manifest.json')));
  hash.update(await readFile(SCHEMA));
  for (const file of (await readdir(MIGRATIONS_DIR)).sort()) hash.update(await readFile(join(MIGRATIONS_DIR, file)));
  hash.update(await readFile(SUMMARY));
  return join(tmpdir(), `prepared-receiver-data-${hash.digest('hex').slice(0, 16)}`);
}

async function prepare(): Promise<string> {
  const target = await preparedName();
  if (existsSync(join(target, 'PG_VERSION'))) return target;
  const making = await mkdtemp(`${target}.making-`);
  const store = await openStore({ dataDir: making });
  await store.close();
  try {
    await rename(making, target);
  } catch {
    // Another test file made it first: its folder is the same database.
    await rm(making, { recursive: true, force: true });
  }
  if (!existsSync(join(target, 'PG_VERSION'))) throw new Error(`the prepared data folder ${target} was not made`);
  return target;
}

/** A new folder (in the temporary folder, named from `prefix`) holding a copy of the prepared database. */
export async function preparedDataDir(prefix = 'receiver-data-'): Promise<string> {
  prepared ??= prepare();
  const source = await prepared;
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  await cp(source, dataDir, { recursive: true });
  return dataDir;
}
