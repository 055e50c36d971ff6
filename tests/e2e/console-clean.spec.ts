import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { completeApplication } from './helpers/complete-application';
import { DIST_DIR } from '../support/dist-dir';
import { spawnReceiver, type ReceiverProcess } from '../support/receiver-process';

// A newcomer's whole journey against the server `npm start` runs (proof of work off, as by
// default): the browser's console holds no error from the first load to the thanks, where the
// page's question whether proof of work is on used to leave a 404 there on every load.

let root: string;
let dataDir: string;
let server: ReceiverProcess;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: the requests are the same on every screen');
  root = await mkdtemp(join(tmpdir(), 'console-clean-'));
  dataDir = await mkdtemp(join(tmpdir(), 'console-clean-data-'));
  await cp(DIST_DIR, root, { recursive: true });
  server = await spawnReceiver({ root, dataDir });
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  await server.stop();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

test('a whole journey against npm start leaves no error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const challenges: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/challenge') challenges.push(response.status());
  });
  await page.goto(server.url);
  await completeApplication(page);
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.locator('body')).toBeVisible();
  expect(errors).toEqual([]);
  expect(challenges.length).toBeGreaterThan(0);
  expect(challenges.every((status) => status === 200)).toBe(true);
});
