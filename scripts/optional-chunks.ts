/**
 * A build step, as a Vite plugin: which chunks belong to an optional feature, so the service
 * worker precaches only the core and fetches a feature's chunks for a programme that asks for it.
 *
 * Why: the worker precaches what the build makes, so every creator paid for every feature and
 * every language any programme could ask for (file fields and the tus client, French and Spanish,
 * the handover dialog, what analytics and error reporting share, the proof-of-work solver), on the connection the product exists for. A feature is known by the
 * modules the page reaches it through, each a dynamic import; its chunks are those reached from
 * them (imports, dynamic imports, their stylesheets and workers) that the core does not reach
 * without them. The precache manifest's entry for such a chunk names its features
 * (`features: ['files']`): sw/sw.ts leaves it out of the precache and fetches it once a
 * programme's config.json asks for one of them (sw/programme-features.ts), or keeps it once a page
 * that loaded it says so (the sanitizer, the proof-of-work solver: src/pwa/keep-loaded-scripts.ts).
 *
 * The build stops when a feature's module is no longer a chunk of its own: it would then be in
 * the core, downloaded by every programme, and this should be looked at again.
 */
import type { ManifestTransform } from 'workbox-build';
import type { Plugin } from 'vite';
import { FILES_FEATURE, HANDOVER_FEATURE, languageFeature, PROOF_OF_WORK_FEATURE, SANITIZER_FEATURE, TELEMETRY_FEATURE } from '../sw/programme-features.ts';

/** The modules each feature is reached through, from the source root. */
const FEATURE_ROOTS: Readonly<Record<string, readonly string[]>> = {
  [FILES_FEATURE]: ['src/files/file-field.tsx', 'src/uploads/files-ready-to-send.ts', 'src/uploads/upload-files-again.ts'],
  [HANDOVER_FEATURE]: ['src/app/handover-dialog.tsx'],
  [SANITIZER_FEATURE]: ['src/html/dompurify-sanitize.ts'],
  [PROOF_OF_WORK_FEATURE]: ['src/proof-of-work/page-proofs.ts'],
  [TELEMETRY_FEATURE]: ['src/telemetry/posthog-client.ts', 'src/telemetry/sentry-reporter.ts'],
  [languageFeature('fr')]: ['src/i18n/messages-fr.ts'],
  [languageFeature('es')]: ['src/i18n/messages-es.ts'],
};

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/** The files reached from some chunks: their imports and dynamic imports, except through `stop`. */
function reached(start: BundleChunk[], chunks: Map<string, BundleChunk>, stop: Set<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let chunk = queue.shift(); chunk !== undefined; chunk = queue.shift()) {
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      const nextChunk = chunks.get(next);
      if (nextChunk && !stop.has(next)) queue.push(nextChunk);
    }
  }
  return seen;
}

/** The files a chunk brings with it besides scripts: its stylesheets and assets, and the workers its code names. */
function companions(chunk: BundleChunk, workers: string[]): string[] {
  return [
    ...(chunk.viteMetadata?.importedCss ?? []),
    ...(chunk.viteMetadata?.importedAssets ?? []),
    ...workers.filter((worker) => chunk.code.includes(worker.split('/').pop() ?? worker)),
  ];
}

/** The plugin, and the precache manifest's transform that tags each optional file with its features. */
export function optionalChunks(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  /** Build-relative file → the features that need it; filled by the page's build, read by the worker's manifest. */
  const optional = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'optional-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, BundleChunk>();
      const workers: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
        else if (/\.worker-[\w-]+\.js$/.test(output.fileName)) workers.push(output.fileName);
      }
      const roots = new Map<string, BundleChunk[]>();
      for (const [feature, modules] of Object.entries(FEATURE_ROOTS)) {
        roots.set(
          feature,
          modules.map((module) => {
            const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
            if (!chunk) this.error(`${module} is no longer a chunk of its own: the "${feature}" feature would be in every programme's download.`);
            return chunk;
          }),
        );
      }
      const rootFiles = new Set([...roots.values()].flat().map((chunk) => chunk.fileName));
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
      const core = reached(entries, chunks, rootFiles);
      const coreCompanions = new Set([...core].flatMap((file) => companions(chunks.get(file) as BundleChunk, workers)));
      optional.clear();
      for (const [feature, featureRoots] of roots) {
        // Not through the core: what it reaches is the core's, whichever feature imports it too.
        for (const file of reached(featureRoots, chunks, core)) {
          for (const own of [file, ...companions(chunks.get(file) as BundleChunk, workers)]) {
            if (coreCompanions.has(own)) continue;
            optional.set(own, new Set([...(optional.get(own) ?? []), feature]));
          }
        }
      }
    },
  };
  const manifestTransform: ManifestTransform = (entries) => {
    const manifest = entries.map((entry) => {
      const features = optional.get(entry.url);
      return features ? { ...entry, features: [...features].sort() } : entry;
    });
    return { manifest, warnings: [] };
  };
  return { plugin, manifestTransform };
}
