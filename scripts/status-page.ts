/**
 * A build step, as a Vite plugin: the status page (status/index.html, src/status/) built on its own
 * and its files added to the wizard's build, under status/.
 *
 * Why a build of its own rather than a second entry of the same build: two entries share every
 * module both import (the storage guard, the language chooser, the message formatter), so the
 * bundler split those out of the wizard's entry into shared chunks, and the wizard's first visit
 * paid about 2 kB of gzip for chunks and their runtime on a page it never opens. Built apart, the
 * status page carries its own copies (a few kilobytes in all) and the wizard's output is as it was.
 *
 * Its files are in the service worker's precache manifest, status/index.html as the core's (the
 * worker answers /status/ with it, online and offline) and its scripts and stylesheet tagged with
 * the status feature: no programme's first visit downloads them; the page has the worker keep
 * them once it is opened (src/status/keep-status-page.ts).
 */
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { pageBuiltApart } from './page-built-apart.ts';
import { STATUS_FEATURE } from '../sw/programme-features.ts';

/** Where the status page's scripts and stylesheet go in the build. */
export const STATUS_ASSETS = 'status/assets/';

export function statusPage(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  const plugin = pageBuiltApart({ name: 'status-page', input: { status: 'status/index.html' }, assetsDir: STATUS_ASSETS.slice(0, -1) });
  const manifestTransform: ManifestTransform = (entries) => ({
    manifest: entries.map((entry) => (entry.url.startsWith(STATUS_ASSETS) ? { ...entry, features: [STATUS_FEATURE] } : entry)),
    warnings: [],
  });
  return { plugin, manifestTransform };
}
