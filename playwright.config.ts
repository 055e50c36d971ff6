import { defineConfig } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from './tests/support/chromium.mjs';

const executablePath = CHROME_PATH;
const args = CHROME_FLAGS;

export default defineConfig({
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
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
});
