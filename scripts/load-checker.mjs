// Where `npm run check-config` gets the app's own reading of a config.json (src/config/check-config.ts).
// A production install (`npm ci --omit=dev`) has no Vite, so no way to run TypeScript: there the
// checker is the bundle `npm run build` makes beside the receiver's rules
// (server/build/config-check.mjs, vite.server.config.ts), zod inside, needing no package at all.
// In a development checkout whose src/ changed since that build, the sources are run through
// Vite's module runner instead (load-source.mjs), so the check is never older than the code.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestChange } from './build-if-needed.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CHECKER_BUNDLE = 'server/build/config-check.mjs';

/**
 * @typedef {typeof import('../src/config/check-config.ts')} Checker
 * @param {string} [root] the project folder
 * @returns {Promise<Checker>}
 */
export async function loadChecker(root = ROOT) {
  const bundle = join(root, CHECKER_BUNDLE);
  const built = await newestChange(bundle);
  if (built > 0 && (await newestChange(join(root, 'src'))) <= built) return importBundle(bundle);
  /** @type {typeof import('./load-source.mjs') | null} */
  let sources = null;
  try {
    // Vite is a development dependency: absent from a production install.
    sources = await import('./load-source.mjs');
  } catch (error) {
    if (!isMissingPackage(error)) throw error;
  }
  if (sources) return sources.loadSource('src/config/check-config.ts');
  if (built > 0) return importBundle(bundle);
  throw new Error(
    `${CHECKER_BUNDLE} is missing, and this install has no Vite to read src/ with: run \`npm run build\` where the development dependencies are installed (as for dist/), or \`npm ci\` here.`,
  );
}

/** @param {string} path @returns {Promise<Checker>} */
async function importBundle(path) {
  await access(path);
  // A URL, not a literal: the bundle is a build output, not a source the type checker should read.
  return /** @type {Promise<Checker>} */ (import(pathToFileURL(path).href));
}

/** @param {unknown} error */
function isMissingPackage(error) {
  return error instanceof Error && 'code' in error && (error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND');
}
