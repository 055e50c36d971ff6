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
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { pageBuiltApart } from './page-built-apart.ts';

/** Where the team app's files go in the build. */
export const TEAM_FOLDER = 'team/';
export const TEAM_ASSETS = `${TEAM_FOLDER}assets/`;

export function teamApp(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  const plugin = pageBuiltApart({ name: 'team-app', input: { team: 'team/index.html' }, assetsDir: TEAM_ASSETS.slice(0, -1), plugins: [react()] });
  const manifestTransform: ManifestTransform = (entries) => ({
    manifest: entries.filter((entry) => !entry.url.startsWith(TEAM_FOLDER)),
    warnings: [],
  });
  return { plugin, manifestTransform };
}
