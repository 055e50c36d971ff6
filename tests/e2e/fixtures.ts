import { test as base } from '@playwright/test';
import { TestApp } from '../support/test-app';

/** Every test gets its own server and its own copy of the built app. */
export const test = base.extend<{ app: TestApp }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  app: async ({}, use) => {
    const app = await TestApp.start();
    await use(app);
    await app.stop();
  },
});

export { expect } from '@playwright/test';
