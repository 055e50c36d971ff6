import { test as base } from '@playwright/test';
import { TelemetryCollector } from '../support/telemetry-collector';
import { TestApp } from '../support/test-app';

/**
 * Every test gets its own server and its own copy of the built app; a test that asks for
 * `telemetry` also gets a stand-in analytics and error-reporting host.
 */
export const test = base.extend<{ app: TestApp; telemetry: TelemetryCollector; appBuild: string | undefined }>({
  // The build served: dist/, or the project's own (playwright.config.ts's strict-effects project).
  appBuild: [undefined, { option: true }],
  app: async ({ appBuild }, use) => {
    const app = await TestApp.start(appBuild);
    await use(app);
    await app.stop();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  telemetry: async ({}, use) => {
    const collector = await TelemetryCollector.start();
    await use(collector);
    await collector.stop();
  },
});

export { expect } from '@playwright/test';
