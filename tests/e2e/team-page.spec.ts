// The team app as built (dist/team/), served by the real static server with the CONTRACT STAND-IN
// answering /team/api/ (tests/support/team-contract-stand-in.ts; the real endpoints are other rooms'):
// each screen at 1280 and 390 px, axe clean, nothing wider than a phone, and a screenshot of each
// kept in the test's output folder to be looked at.
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAppServer, readBody } from '../../server/app-server.mjs';
import { contractStandIn, storedApplication } from '../support/team-contract-stand-in';
import { DIST_DIR } from '../support/dist-dir';
import { expectNoAxeViolations } from './helpers/axe';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

function applications() {
  const all = Array.from({ length: 8 }, (_, index) => storedApplication(index + 1));
  all[7]!.name = 'Maria Conceição de Albuquerque e Vasconcelos';
  all[7]!.history.push({ seq: 900, status: 'in-review', message: null, changedAt: '2026-03-09T09:00:00.000Z', changedBy: 'reviewer@example.com' });
  all[6]!.history.push({
    seq: 901,
    status: 'accepted',
    message: 'Welcome aboard! We will write with the next steps.',
    changedAt: '2026-03-09T10:00:00.000Z',
    changedBy: 'admin@example.com',
  });
  all[7]!.notes.push({ seq: 1, author: 'admin@example.com', body: 'Strong portfolio; check the room photo.', createdAt: '2026-03-09T11:00:00.000Z' });
  return all;
}

let server: Server;
let origin = '';
const standIn = contractStandIn({ applications: applications(), oidc: true, pageSize: 6 });

test.beforeAll(async () => {
  const photo = await readFile(join(DIST_DIR, 'pwa-192x192.png'));
  server = createAppServer({
    root: DIST_DIR,
    api: async ({ req, res }) => {
      const url = req.url ?? '/';
      if (!url.startsWith('/team/api/')) return false;
      if (/\/files\/up1$/.test(url)) {
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Disposition': 'inline', 'Cache-Control': 'private, no-store' }).end(photo);
        return true;
      }
      const body = req.method === 'GET' || req.method === 'DELETE' ? undefined : await readBody(req);
      const answer = await standIn.fetch(url, { method: req.method ?? 'GET', ...(body ? { body } : {}) });
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
      return true;
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'sets both widths itself');
});

/** The screen at each width: axe clean, nothing scrolls sideways, a screenshot kept. */
async function lookAt(page: Page, name: string, testInfo: { outputPath: (...parts: string[]) => string }, ready: () => Promise<void>) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${String(size.width)} px`).toBeLessThanOrEqual(size.width);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${String(size.width)}.png`), fullPage: true });
  }
}

test('sign-in, the link page and the inbox', async ({ page }, testInfo) => {
  standIn.state.session = null;
  await page.goto(`${origin}/team/`);
  await lookAt(page, 'sign-in', testInfo, () => expect(page.getByRole('heading', { level: 1, name: 'Sign in to the team inbox' })).toBeFocused());
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('reviewer@example.com');
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await lookAt(page, 'sign-in-sent', testInfo, () => expect(page.getByText('a sign-in link is on its way')).toBeVisible());

  const token = standIn.mailLink('reviewer@example.com');
  await page.goto(`${origin}/team/sign-in#${token}`);
  await lookAt(page, 'link', testInfo, () => expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible());
  expect(page.url()).toBe(`${origin}/team/sign-in`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await lookAt(page, 'inbox', testInfo, () => expect(page.getByRole('link', { name: 'Creator 7' })).toBeVisible());
  expect(page.url()).toBe(`${origin}/team/`);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByRole('link', { name: 'Creator 2' })).toBeFocused();
});

test("an application, for a reviewer, and the admins' pages", async ({ page }, testInfo) => {
  standIn.state.session = 'admin@example.com';
  await page.goto(`${origin}/team/applications/app_008`);
  await lookAt(page, 'application', testInfo, async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Application K7QM-2228' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'room.jpg, A photo of your room' })).toHaveJSProperty('complete', true);
  });
  await page.getByRole('radio', { name: 'Declined' }).check();
  await page.getByRole('textbox', { name: 'Message to the creator (optional)' }).fill('Thank you for applying. Not this season.');
  standIn.decideElsewhere('app_008', 'accepted');
  await page.getByRole('button', { name: 'Decide' }).click();
  await lookAt(page, 'application-decided-meanwhile', testInfo, () => expect(page.getByText(/Someone decided meanwhile: now Accepted/)).toBeVisible());

  await page.goto(`${origin}/team/members`);
  await lookAt(page, 'members', testInfo, () => expect(page.getByText('viewer@example.com', { exact: true })).toBeVisible());
  await page.goto(`${origin}/team/audit`);
  await lookAt(page, 'audit', testInfo, () => expect(page.getByRole('table')).toBeVisible());
});

test('by keyboard alone: signed in, an application found, opened and decided', async ({ page }) => {
  standIn.state.session = null;
  await page.goto(`${origin}/team/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the team inbox' })).toBeFocused();
  // From the focused heading, the first stop is the e-mail field; Enter sends the form.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toBeFocused();
  await page.keyboard.type('reviewer@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByText('a sign-in link is on its way')).toBeVisible();

  await page.goto(`${origin}/team/sign-in#${standIn.mailLink('reviewer@example.com')}`);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  for (let presses = 0; presses < 10 && !(await signIn.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(signIn).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeFocused();

  // Tab on to a received application's link (the other tests decide the newest one on this
  // stand-in, which a worker may share), and open it with Enter.
  const first = page.getByRole('link', { name: 'Creator 6', exact: true });
  for (let presses = 0; presses < 40 && !(await first.evaluate((link) => link === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Application / })).toBeFocused();

  // The decision's radios: Tab to the group, arrows to Accepted, Tab on to Decide.
  const inReview = page.getByRole('radio', { name: 'In review' });
  for (let presses = 0; presses < 80 && !(await inReview.evaluate((radio) => radio === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(inReview).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Accepted' })).toBeChecked();
  const message = page.getByLabel('Message to the creator (optional)');
  await page.keyboard.press('Tab');
  await expect(message).toBeFocused();
  await page.keyboard.type('Welcome aboard');
  const decide = page.getByRole('button', { name: 'Decide', exact: true });
  for (let presses = 0; presses < 5 && !(await decide.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(decide).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /Accepted|accepted/ })).toBeVisible();
});
