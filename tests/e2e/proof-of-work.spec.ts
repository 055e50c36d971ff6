import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { completeApplication } from './helpers/complete-application';
import { DIST_DIR } from '../support/dist-dir';
import { spawnReceiver, type ReceiverProcess } from '../support/receiver-process';

// `npm start` with PROOF_OF_WORK=on: the wizard fetches and solves the receiver's challenge while
// the creator fills the form, sends the solution with the application, and the creator sees
// exactly what they would see with it off.

let root: string;
let dataDir: string;
let server: ReceiverProcess;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: the solver is the same on every screen');
  root = await mkdtemp(join(tmpdir(), 'proof-of-work-'));
  dataDir = await mkdtemp(join(tmpdir(), 'proof-of-work-data-'));
  await cp(DIST_DIR, root, { recursive: true });
  server = await spawnReceiver({ root, dataDir, extraEnv: { PROOF_OF_WORK: 'on' } });
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  await server.stop();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** The PUTs the page makes, with the status each got and whether it carried a solution. */
function recordPuts(page: Page): Array<{ status: number; solved: boolean }> {
  const puts: Array<{ status: number; solved: boolean }> = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'PUT') puts.push({ status: response.status(), solved: request.headers().altcha !== undefined });
  });
  return puts;
}

test('a creator applies as ever: the challenge is solved while they type and the application is accepted at once', async ({ page }) => {
  const puts = recordPuts(page);
  const challenges: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/challenge') challenges.push(response.status());
  });
  await page.goto(server.url);
  await completeApplication(page);
  expect(challenges[0]).toBe(200);
  expect(puts).toEqual([{ status: 201, solved: true }]);
  await expect(page.getByRole('alert')).not.toContainText('could not send');
});

test('an application queued offline is solved when the connection returns, then accepted', async ({ page, context }) => {
  const puts = recordPuts(page);
  await page.goto(server.url);
  // Offline from Welcome on (the app's files precached): the page cannot learn of proof of work yet.
  await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  await context.setOffline(true);
  await completeApplication(page, { stopBeforeSubmit: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not send your application');
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
  expect(puts).toEqual([{ status: 201, solved: true }]);
});
