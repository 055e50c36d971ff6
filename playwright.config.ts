import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROME_FLAGS, CHROME_PATH } from './tests/support/chromium.mjs';

const executablePath = CHROME_PATH;
const args = CHROME_FLAGS;

/** React's development build (`npm run build:strict`): StrictMode runs every effect twice there. */
const STRICT_BUILD = fileURLToPath(new URL('dist-strict', import.meta.url));

export default defineConfig<{ appBuild: string | undefined }>({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // One retry, so a rare timing flake on a shared 2-core machine does not fail the run; the list
  // reporter still names every test that needed it as flaky, to be investigated.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    launchOptions: { executablePath, args },
    // A trace of a test's retry, not of every test: recording one (its screencast, snapshots and
    // network log) for each passing test only to throw it away cost a third of the suite's time. A
    // test that fails is run once more, traced, and a flaky one leaves the trace of its retry.
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    // Journeys whose resources (the tab lock, the outbox, the channels, autosave's timers) must
    // survive an effect run twice, against a build where React does run them twice.
    {
      name: 'strict-effects',
      testMatch: ['strict-effects.spec.ts', 'drafts-and-outbox.spec.ts'],
      use: { viewport: { width: 1280, height: 800 }, appBuild: STRICT_BUILD },
    },
    // What a person sees and presses on a 390 px touch screen: the steps, the fields, the presses,
    // the files, the languages and directions, offline and blocked storage. The rest (deployments,
    // the service worker's queue driven through CDP, byte counts, telemetry, the receiver's faults)
    // does not depend on the screen and runs once, on the desktop project; so do the tests of these
    // files tagged @any-width (tests/e2e/helpers/any-width.ts).
    {
      name: 'phone',
      grepInvert: /@any-width/,
      testMatch: [
        'application-form.spec.ts',
        'careful-creator.spec.ts',
        'engine-journeys.spec.ts',
        'every-press-counts.spec.ts',
        'files.spec.ts',
        'files-chosen-before-continue.spec.ts',
        'languages.spec.ts',
        'large-step.spec.ts',
        'offline.spec.ts',
        'prerendered-welcome.spec.ts',
        'right-to-left.spec.ts',
        'screenshots.spec.ts',
        'several-languages.spec.ts',
        'status-page.spec.ts',
        'step-changes.spec.ts',
        'storage-blocked.spec.ts',
        'storage-blocked-files.spec.ts',
        'text-boxes.spec.ts',
        'wizard-shell.spec.ts',
      ],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
});
