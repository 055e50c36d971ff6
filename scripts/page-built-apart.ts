/**
 * A page built by a Vite build of its own, started beside the wizard's and its files added to the
 * wizard's output, as a Vite plugin: the status page (scripts/status-page.ts) and the team's app
 * (scripts/team-app.ts). Why apart rather than as a second entry: two entries of one build share
 * every module both import through shared chunks, and the wizard's first visit would pay for the
 * split (see each caller for its own figures).
 */
import { build, type Plugin, type PluginOption, type Rolldown } from 'vite';

interface PageApart {
  /** The plugin's name in Vite's messages. */
  name: string;
  /** The page's HTML entry, as the build's input: `{ status: 'status/index.html' }`. */
  input: Record<string, string>;
  /** Where its scripts and stylesheets go in the output, without the trailing slash. */
  assetsDir: string;
  /** The page's own plugins (React for a React page). */
  plugins?: PluginOption[];
}

async function buildApart(root: string, mode: string, { input, assetsDir, plugins = [] }: PageApart): Promise<(Rolldown.OutputChunk | Rolldown.OutputAsset)[]> {
  const result = await build({
    root,
    mode,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins,
    build: { write: false, target: 'es2022', assetsDir, sourcemap: false, rolldownOptions: { input } },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) => ('output' in output ? output.output : []));
}

export function pageBuiltApart(page: PageApart): Plugin {
  let built: ReturnType<typeof buildApart> | null = null;
  return {
    name: page.name,
    apply: 'build',
    buildStart() {
      // Started with the wizard's build, so both bundle at once; awaited when the files are written.
      built ??= buildApart(process.cwd(), process.env.NODE_ENV === 'development' ? 'development' : 'production', page);
      built.catch(() => undefined);
    },
    async generateBundle() {
      if (!built) return;
      for (const file of await built) {
        this.emitFile({ type: 'asset', fileName: file.fileName, source: file.type === 'chunk' ? file.code : file.source });
      }
    },
  };
}
