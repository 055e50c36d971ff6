import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Whether the module at `moduleUrl` (its import.meta.url) is the one node was asked to run, rather
 * than one imported by a test or another module. argv is resolved through realpath and compared as
 * a URL: a project reached through a symlink (a release folder linked as /srv/creator-wizard) names
 * the link in argv, while import.meta.url names the file; so does a path with a space, which a URL
 * encodes.
 * @param {string} moduleUrl
 */
export function isRunDirectly(moduleUrl) {
  try {
    return moduleUrl === pathToFileURL(realpathSync(process.argv[1] ?? '')).href;
  } catch {
    return false;
  }
}
