// Runs a TypeScript module of src/ from a Node script, through Vite's module runner, so a
// script uses exactly the code the app is built from (no second copy, no separate build).
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * @template T
 * @param {string} path a path from the repository root, such as 'src/config/check-config.ts'
 * @returns {Promise<T>}
 */
export async function loadSource(path) {
  // No vite.config.ts: its plugins (covers, PWA) build things a script does not need.
  const { module } = await runnerImport(`${ROOT}${path}`, { configFile: false, root: ROOT, logLevel: 'silent' });
  return /** @type {T} */ (module);
}
