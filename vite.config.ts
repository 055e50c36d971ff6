/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { manifestScreenshots, SCREENSHOTS_RECORD } from './scripts/manifest-screenshots.mjs';
import { devReceiver } from './scripts/dev-receiver.ts';
import { prerenderWelcome } from './scripts/prerender-welcome.ts';
import { reactDomSentinels } from './scripts/react-dom-sentinels.ts';
import { responsiveCovers } from './scripts/responsive-covers.ts';
import { optionalChunks } from './scripts/optional-chunks.ts';
import { statusPage } from './scripts/status-page.ts';
import { teamApp } from './scripts/team-app.ts';
import { manifestFields } from './server/programme/manifest-fields.mjs';
import { textDirection } from './src/i18n/text-direction.ts';

/**
 * The programme built with: public/config.json, or PROGRAMME_CONFIG's file (the test suite builds
 * a programme in several languages so: `npm run build:languages`).
 */
const programmeFile = process.env.PROGRAMME_CONFIG;
const programmeText = readFileSync(programmeFile ?? new URL('public/config.json', import.meta.url), 'utf8');
/** Its words are the manifest's (checked by the prerender plugin's build). */
const programme = JSON.parse(programmeText) as Parameters<typeof manifestFields>[0];
/** Which programme public/screenshots/ show (`npm run generate:screenshots` writes it); none: not known. */
const screenshotsRecord = (() => {
  try {
    return readFileSync(new URL(SCREENSHOTS_RECORD, import.meta.url), 'utf8');
  } catch {
    return null;
  }
})();
const screenshots = manifestScreenshots(programmeText, screenshotsRecord);
/** Which chunks belong to a feature a programme may not ask for: left out of the precache, fetched when asked for. */
const optional = optionalChunks();
/** The status page (status/index.html), built on its own and added to this build's output. */
const status = statusPage();
/** The programme team's app (team/index.html), built on its own, and never in the creators' precache. */
const team = teamApp();

/** The unit tests that measure the receiver's latency or memory (the project 'measured' below). */
const MEASURED_TESTS = ['tests/unit/server/applications/flood.node.test.ts', 'tests/unit/server/start/receiver-memory.node.test.ts'];

export default defineConfig({
  plugins: [
    react(),
    // React DOM's module-level sentinels made without a stack: no re-parse of the entry under an inspector (Lighthouse).
    // Production React only: a development build (`npm run build:strict`, StrictMode's double
    // effects on) has no production react-dom to patch.
    process.env.NODE_ENV === 'development' ? null : reactDomSentinels(),
    // `npm run dev` sends to the real receiver, started beside the dev server (scripts/dev-receiver.ts).
    devReceiver(),
    // src/covers → covers/<name>-<width>.{avif,webp} and one .jpg each, plus the first cover's preload.
    responsiveCovers(),
    // Welcome drawn from public/config.json into index.html, so the first paint needs no script.
    prerenderWelcome(programmeFile),
    optional.plugin,
    status.plugin,
    team.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself (src/pwa) so it controls when an update reloads.
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        // Name, short name, description, language and its direction from the programme (server/programme/manifest-fields.mjs);
        // the server rewrites them from the config.json it serves when a deployer edits it.
        ...manifestFields(programme, textDirection(programme.lang)),
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#24434a',
        background_color: '#ffffff',
        // Captured by `npm run generate:screenshots`, and shipped only while public/config.json is
        // the programme they show. Not precached: only the install dialog shows them, and it is
        // opened online; each phone would otherwise download them for nothing.
        ...(screenshots.length > 0 ? { screenshots } : {}),
      },
      // Icons (192, 512, maskable, apple-touch, favicon.ico) generated from the one SVG source at build time.
      pwaAssets: {
        image: 'public/favicon.svg',
        preset: 'minimal-2023',
        overrideManifestIcons: true,
        injectThemeColor: false,
        // index.html names the icons itself: the preset's favicon.svg link made Chromium build an
        // SVG document on the page's main thread after Welcome's first paint (about 8 ms of thread
        // time here, so about 30 ms on a phone); favicon.ico draws the same mark.
        includeHtmlHeadLinks: false,
      },
      injectManifest: {
        // Covers: every AVIF width only (docs/offline-and-storage.md, "Offline and updates"): every
        // browser with AVIF takes only those; the few without cache WebP or the JPEG fallback on first use.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}', 'covers/*.avif'],
        // The telemetry libraries (about 110 kB gzip) are not downloaded for every install: they
        // only matter online, where they load from the network when a programme configures them.
        globIgnores: ['**/posthog-client-*.js', '**/sentry-reporter-*.js'],
        // Each feature's chunks (file fields, continue on another device, French, Spanish) named
        // with their features: the worker precaches the rest, and those only for a programme that
        // asks for them (sw/sw.ts). The team app's files (team/) are dropped: no creator needs them.
        manifestTransforms: [optional.manifestTransform, status.manifestTransform, team.manifestTransform],
      },
    }),
  ],
  resolve: {
    // tus-js-client's two polyfills, for the platform's URL and TextEncoder + btoa (src/uploads/tus-shims/):
    // about 4 kB gzip less in sw.js, which every programme downloads, and in the files feature.
    alias: [
      { find: /^url-parse$/, replacement: fileURLToPath(new URL('src/uploads/tus-shims/url-parse.ts', import.meta.url)) },
      { find: /^js-base64$/, replacement: fileURLToPath(new URL('src/uploads/tus-shims/js-base64.ts', import.meta.url)) },
    ],
  },
  build: {
    target: 'es2022',
    // Maps for an error tracker's upload, without the comment that sends browsers asking for them:
    // the public server never serves them (server/app-server.mjs).
    sourcemap: 'hidden',
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['tests/setup/vitest-setup.ts'],
    restoreMocks: true,
    // A component test takes well under a second alone, but its first render may import a lazy
    // module (the sanitizer, the widgets): on a loaded 2-core machine that took over Vitest's
    // default 5 s once and failed a CI run. A hang still fails, at 20 s.
    testTimeout: 20_000,
    // A server test's beforeAll starts a receiver or a database: seconds on a loaded machine.
    hookTimeout: 60_000,
    // Two files at a time on a 2-core machine (Vitest's default is one fewer than the cores): the
    // server's tests spend most of their time waiting on receivers, databases and sockets.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/component/**/*.test.{ts,tsx}'],
          sequence: { groupOrder: 0 },
          exclude: ['**/node_modules/**', '**/.git/**', ...MEASURED_TESTS],
        },
      },
      // Tests that measure the receiver (latency under a flood, resident memory) run last, one file
      // at a time: beside the rest of the suite they measured the machine's other work as much as
      // the receiver, and a CI run failed on a p99 the receiver alone does not reach.
      { extends: true, test: { name: 'measured', include: MEASURED_TESTS, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
