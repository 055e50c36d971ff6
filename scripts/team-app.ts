/**
 * A build step, as a Vite plugin: the programme team's app (team/index.html, src/team/) built on its
 * own and its files added to the wizard's build, under team/ (its scripts and stylesheet under
 * team/assets/).
 *
 * Built apart, as the status page is (scripts/status-page.ts) and for the same reason: a second
 * entry of the wizard's build would share React and every common module with it through shared
 * chunks, and the creators' first visit would pay for the split. Built apart, the team app carries
 * its own copy of React and the wizard's output is as it was.
 *
 * Never precached for creators: the manifest transform drops every team/ file from the service
 * worker's precache manifest (a creator's phone has no use for the team's inbox), and the worker
 * leaves /team/ navigations to the server (sw/sw.ts).
 */
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** Where the team app's files go in the build. */
export const TEAM_FOLDER = 'team/';
export const TEAM_ASSETS = `${TEAM_FOLDER}assets/`;

async function buildTeamApp(root: string, mode: string): Promise<(Rolldown.OutputChunk | Rolldown.OutputAsset)[]> {
  const result = await build({
    root,
    mode,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    build: {
      write: false,
      target: 'es2022',
      assetsDir: TEAM_ASSETS.slice(0, -1),
      sourcemap: false,
      rolldownOptions: { input: { team: 'team/index.html' } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((output) => ('output' in output ? output.output : []));
}

export function teamApp(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let built: ReturnType<typeof buildTeamApp> | null = null;
  const plugin: Plugin = {
    name: 'team-app',
    apply: 'build',
    buildStart() {
      // Started with the wizard's build, so both bundle at once; awaited when the files are written.
      built ??= buildTeamApp(process.cwd(), process.env.NODE_ENV === 'development' ? 'development' : 'production');
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
    manifest: entries.filter((entry) => !entry.url.startsWith(TEAM_FOLDER)),
    warnings: [],
  });
  return { plugin, manifestTransform };
}
