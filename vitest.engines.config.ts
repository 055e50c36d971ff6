// The cross-engine end-to-end suite (npm run test:engines): Node, not jsdom; one file per engine,
// the two engines side by side; journeys wait on conditions with their own time limits.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // As the Chromium suite (playwright.config.ts): one retry, so a rare timing flake on a shared
    // 2-core machine does not fail the run; the report names every test that needed it.
    retry: 1,
    reporters: ['verbose'],
  },
});
