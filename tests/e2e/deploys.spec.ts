import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { keptConfigTitle } from './helpers/kept-config';

/**
 * Deployments as a deployer ships them, met by a creator whose installed app (a real service
 * worker) holds a half-finished application: no deployment may strand them.
 */

const ERROR_HEADING = 'This application cannot open yet';

test.skip(({ isMobile }) => isMobile, 'service-worker behaviour: one viewport is enough');

/** A first visit, then a reload, so the page is controlled by the installed worker. */
async function installApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

async function startDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Full Name', { exact: true }).fill('Ada');
  await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
  await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
}

async function expectDraftKept(page: Page): Promise<void> {
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('Lovelace');
  await expect(page.getByRole('heading', { name: ERROR_HEADING })).toHaveCount(0);
}

function checkForUpdate(page: Page): Promise<unknown> {
  return page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
}

test('a deployment whose configuration adds keys reaches an installed client without an error screen, the draft kept', async ({ page, app }) => {
  await installApp(page, app.url);
  await startDraft(page);

  await app.deploySecondBuild('adds-keys');
  await app.editConfig((config) => {
    config.newerSetting = { enabled: true };
    (config.steps as Array<Record<string, unknown>>)[1]!.layout = 'wide';
    config.title = 'Programme with a newer setting';
  });
  // The old app, still served by its worker, opens with the new configuration.
  await page.reload();
  await expect(page).toHaveTitle('Programme with a newer setting');
  await expectDraftKept(page);
  await expect(page.locator('meta[name="build"]')).toHaveCount(0);

  // And the new version is offered, and brings the same draft.
  await checkForUpdate(page);
  await expect(page.getByText('A new version is available.').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', 'adds-keys', { timeout: 20_000 });
  await expect(page).toHaveTitle('Programme with a newer setting');
  await expectDraftKept(page);
});

test('a configuration that turns invalid, vanishes or fails after a good visit leaves the app on the last good copy', async ({ page, app }) => {
  await installApp(page, app.url);
  await app.editConfig((config) => {
    config.title = 'Last good';
  });
  await page.reload();
  await expect(page).toHaveTitle('Last good');
  await startDraft(page);

  const breakages: Array<[string, () => Promise<void>]> = [
    ['broken JSON', () => app.writeConfigText('{ "title": ')],
    ['JSON this app refuses', () => app.writeConfigText(JSON.stringify({ title: 'Half an edit', steps: [] }))],
    ['index.html served for a missing file', () => app.removeConfig()],
    [
      'a 503 from the host',
      async () => {
        app.failConfigWith(503);
        await Promise.resolve();
      },
    ],
  ];
  for (const [name, breakIt] of breakages) {
    await test.step(name, async () => {
      await breakIt();
      await page.reload();
      await expect(page).toHaveTitle('Last good');
      await expectDraftKept(page);
    });
  }
});

test('an invalid config.json deployed after a visit, or index.html in its place: the page opens with the kept copy, online and offline', async ({
  page,
  context,
  app,
}) => {
  await installApp(page, app.url);
  await app.editConfig((config) => {
    config.title = 'Last good';
  });
  await page.reload();
  await expect(page).toHaveTitle('Last good');
  await expect.poll(() => keptConfigTitle(page)).toBe('Last good');

  const breakages: Array<[string, () => Promise<void>]> = [
    [
      // Welcome reads as it stands (src/config/welcome-before-check.ts): only the full check refuses it.
      'an edit broken past Welcome',
      () =>
        app.editConfig((config) => {
          config.title = 'Broken past Welcome';
          const steps = config.steps as Array<{ blocks: Array<{ component: string; data: { text?: string; fields?: Array<Record<string, unknown>> } }> }>;
          const heading = steps[0]?.blocks.find((block) => block.component === 'Heading');
          if (heading) heading.data.text = 'A Welcome that fails its check';
          const field = steps[1]?.blocks.flatMap((block) => block.data.fields ?? [])[0];
          if (field) field.kind = 'textarea';
        }),
    ],
    ['index.html served for a missing file', () => app.removeConfig()],
  ];
  for (const [name, breakIt] of breakages) {
    await test.step(name, async () => {
      await breakIt();
      for (const offline of [false, true]) {
        await context.setOffline(offline);
        await page.reload();
        await expect(page).toHaveTitle('Last good');
        await expect(page.getByRole('heading', { level: 1, name: 'Become a Hartwell creator partner' })).toBeVisible();
        await expect(page.getByText('A Welcome that fails its check')).toHaveCount(0);
        await expect(page.getByRole('heading', { name: ERROR_HEADING })).toHaveCount(0);
      }
      await context.setOffline(false);
    });
  }
  // The wizard behind Welcome is the kept copy's too.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByLabel('Full Name', { exact: true })).toBeVisible();
});

test('the error screen still registers the worker and offers a waiting version that fixes it', async ({ page, app }) => {
  const good = JSON.stringify(await app.readConfig());
  await app.writeConfigText('{ "title": ');
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: ERROR_HEADING })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), { timeout: 20_000 }).toBe(true);

  await app.writeConfigText(good);
  await app.deploySecondBuild('fixed');
  await checkForUpdate(page);
  await expect(page.getByText('A new version is available.').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', 'fixed', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: ERROR_HEADING })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
});

test('a navigation to /api/ reaches the server, not the app shell', async ({ page, app }) => {
  await installApp(page, app.url);
  app.answerWith({ status: 404 });
  const response = await page.goto(`${app.url}/api/applications/some-id`);
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toMatch(/application\/json/);
  await expect(page.locator('#root')).toHaveCount(0);
});

test('the kill switch unregisters the worker and empties its caches, and the draft survives', async ({ page, app }) => {
  await installApp(page, app.url);
  await startDraft(page);
  expect(await page.evaluate(() => caches.keys())).not.toEqual([]);

  await app.deployKillSwitch();
  await checkForUpdate(page);
  const retired = async () =>
    page.evaluate(async () => ({ registrations: (await navigator.serviceWorker.getRegistrations()).length, caches: (await caches.keys()).length }));
  await expect.poll(retired, { timeout: 20_000 }).toEqual({ registrations: 0, caches: 0 });

  // The next load is the network's, and registers sw.js again, which is the kill switch again.
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(false);
  await expectDraftKept(page);
  await expect.poll(retired, { timeout: 20_000 }).toEqual({ registrations: 0, caches: 0 });
  await expectDraftKept(page);
});
