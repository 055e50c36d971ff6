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
import { build, type Plugin, type Rolldown } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { STATUS_FEATURE } from '../sw/programme-features.ts';

/** Where the status page's scripts and stylesheet go in the build. */
export const STATUS_ASSETS = 'status/assets/';

async function buildStatusPage(root: string, mode: string): Promise<(Rolldown.OutputChunk | Rolldown.OutputAsset)[]> {
  const result = await build({
    root,
    mode,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      assetsDir: STATUS_ASSETS.slice(0, -1),
      sourcemap: false,
      rolldownOptions: { input: { status: 'status/index.html' } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) => ('output' in output ? output.output : []));
}

export function statusPage(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let built: ReturnType<typeof buildStatusPage> | null = null;
  const plugin: Plugin = {
    name: 'status-page',
    apply: 'build',
    buildStart() {
      // Started with the wizard's build, so both bundle at once; awaited when the files are written.
      built ??= buildStatusPage(process.cwd(), process.env.NODE_ENV === 'development' ? 'development' : 'production');
      built.catch(() => undefined);
    },
    async generateBundle() {
      if (!built) return;
      for (const file of await built) {
        this.emitFile({ type: 'asset', fileName: file.fileName, source: file.type === 'chunk' ? file.code : file.source });
      }
    },
  };
  const manifestTransform: ManifestTransform = (entries) => ({
    manifest: entries.map((entry) => (entry.url.startsWith(STATUS_ASSETS) ? { ...entry, features: [STATUS_FEATURE] } : entry)),
    warnings: [],
  });
  return { plugin, manifestTransform };
}
