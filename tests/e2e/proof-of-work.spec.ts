import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { completeApplication } from './helpers/complete-application';
import { DIST_DIR } from '../support/dist-dir';
import { spawnReceiver, type ReceiverProcess } from '../support/receiver-process';

// `npm start` with PROOF_OF_WORK=on: the wizard fetches and solves the receiver's challenge while
// the creator fills the form, sends the solution with the application, and the creator sees
// exactly what they would see with it off. The solver is not precached (a receiver with proof of
// work off never needs it): a page that loaded it has the service worker keep it for offline.

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

/** Which of the solver's chunks the service worker's cache of feature chunks holds, by name. */
function solverKept(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('feature-chunks');
    const names = (await cache.keys()).map((request) => /\/assets\/(page-proofs|solver-worker)-[\w-]+\.js$/.exec(request.url)?.[1]);
    return names.filter((name) => name !== undefined).sort();
  });
}

/**
 * Debian's Chromium under Playwright does not carry the emulated offline state into a document
 * opened while offline: set again, it reaches the page as a phone losing its signal would.
 */
async function stillOffline(page: Page, context: BrowserContext): Promise<void> {
  if (await page.evaluate(() => navigator.onLine)) {
    await context.setOffline(false);
    await context.setOffline(true);
  }
}

test('a creator applies as ever: the challenge is solved while they type, the application is accepted at once, the solver kept', async ({ page }) => {
  test.setTimeout(90_000);
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
  // Loaded here as the worker installed, or before: kept for offline once it is active.
  await expect.poll(() => solverKept(page), { timeout: 20_000 }).toEqual(['page-proofs', 'solver-worker']);
});

test('an application queued offline is solved when the connection returns, then accepted', async ({ page, context }) => {
  // The worker's install, the whole form and a solve: 56 to 63 s on the shared 2-core machine under load.
  test.setTimeout(90_000);
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

test('the solver a receiver asked for is kept by the worker: reloaded offline, a queued application is solved from it and accepted', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const puts = recordPuts(page);
  const solverAnswers: Array<{ name: string; fromWorker: boolean }> = [];
  page.on('response', (response) => {
    const name = /\/assets\/(page-proofs|solver-worker)-[\w-]+\.js$/.exec(response.url())?.[1];
    if (name) solverAnswers.push({ name, fromWorker: response.fromServiceWorker() });
  });
  await page.goto(server.url);
  // The worker installed while Welcome is read, and keeps no solver until the receiver has asked for one.
  await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  expect(await solverKept(page)).toEqual([]);
  // The first Continue learns that proof of work is on and loads the solver: after the worker
  // arrived, which controls this page only from its next start, so the page tells it.
  await completeApplication(page);
  await expect.poll(() => solverKept(page), { timeout: 15_000 }).toEqual(['page-proofs', 'solver-worker']);

  // A second application, from a start offline: queued, then solved with the kept solver once the connection returns.
  await context.setOffline(true);
  await page.reload();
  await stillOffline(page, context);
  await page.getByRole('button', { name: 'Start a new application' }).click();
  await completeApplication(page, { stopBeforeSubmit: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not send your application');
  solverAnswers.length = 0;
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
  expect(puts).toEqual([
    { status: 201, solved: true },
    { status: 201, solved: true },
  ]);
  // Both answered by the worker, which holds them, not fetched past it.
  expect(new Set(solverAnswers.map((answer) => answer.name))).toEqual(new Set(['page-proofs', 'solver-worker']));
  expect(solverAnswers.filter((answer) => !answer.fromWorker)).toEqual([]);
});
