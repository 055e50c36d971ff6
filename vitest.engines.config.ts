// The cross-engine end-to-end suite (npm run test:engines): Node, not jsdom; one file per engine,
// one engine at a time (side by side on 2 cores, WebDriver lost keystrokes and clicks in WebKitGTK:
// about 3 minutes instead of 2, for a suite that says the same each run); journeys wait on
// conditions with their own time limits.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    fileParallelism: false,
    // Two retries where the Chromium suite has one: the WebDriver engines' input is less steady
    // under load (see README, Engine support); the report names every test that needed one.
    retry: 2,
    reporters: ['verbose'],
  },
});
