// The programme team's inbox, end to end against the REAL receiver (`npm start`'s server/serve.mjs
// on a copy of dist/ with the example programme that asks for room photos) and a REAL SMTP server
// (scripts/mail-catcher.mjs): members added by the CLI; the sign-in page answers a member and a
// stranger alike and mails only the member; the reviewer signs in with the link, finds the
// application, reads every answer and sees its photo, accepts it with a message, and the creator's
// status page and e-mail follow; a used link signs no one in again; a viewer sees no decision, and
// the reviewer's own request replayed with the viewer's session, or from another site, changes
// nothing; after signing out the old cookie opens nothing. axe at 1280 and 390 px on each screen.
// The server's own tests hold the rest (tests/unit/server/team, tests/unit/server/inbox).
import { execFile as execFileCallback } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { fileRow, fillDetailsButFiles, PHOTOS, THANKS, toDetails } from './helpers/files-programme';
import { startReceiverWithMail, type MailCatcher } from './helpers/receiver-with-mail';
import { cameraJpeg } from './helpers/test-files';
import { DIST_DIR } from '../support/dist-dir';
import type { ReceiverProcess } from '../support/receiver-process';
import { STATUS_EN } from '../../src/i18n/status-messages-en';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const execFile = promisify(execFileCallback);

const REVIEWER = 'rosa@hartwellwindow.example';
const VIEWER = 'vik@hartwellwindow.example';
const STRANGER = 'someone@elsewhere.example';
const CREATOR = 'ada@example.com';
const LINK_SENT = 'If this address belongs to the team, a sign-in link is on its way. It works once, within 15 minutes.';
const REFERENCE = /[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/;

type Catcher = MailCatcher;
interface Journey {
  dataDir: string;
  catcher: Catcher;
  receiver: ReceiverProcess;
}

/** What the test starts, stopped after it whatever happened. */
const started: Array<() => Promise<unknown>> = [];

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: the journey sets the phone width itself where it matters');
});

test.afterEach(async () => {
  for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
});

async function startJourney(): Promise<Journey> {
  const root = await mkdtemp(join(tmpdir(), 'team-inbox-'));
  started.push(() => rm(root, { recursive: true, force: true }));
  await cp(DIST_DIR, root, { recursive: true });
  await cp(join(ROOT, 'docs/examples/config.files.json'), join(root, 'config.json'));
  return startReceiverWithMail(root, 'team-inbox', started);
}

/** `npm run -s applications -- …` on the journey's data folder, through the running receiver. */
async function applications(journey: Journey, ...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: journey.dataDir };
  delete env.DATABASE_URL;
  return (await execFile('npm', ['run', '-s', 'applications', '--', ...args], { cwd: ROOT, env })).stdout;
}

async function freshContext(browser: Browser, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext(
    width < 500 ? { viewport: { width, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width, height: 800 } },
  );
  started.push(() => context.close());
  return context;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The e-mails to one address so far. */
function mailsTo(catcher: Catcher, address: string) {
  return catcher.mails.filter((mail) => mail.to.includes(address));
}

/** Asks for a sign-in link on the sign-in page as a person does, and sees the one answer every address gets. */
async function askForLink(page: Page, email: string) {
  const field = page.getByLabel('E-mail address', { exact: true });
  await field.fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByText(LINK_SENT, { exact: true })).toBeVisible();
}

/** The sign-in link of the latest e-mail to `email`. */
async function linkMailedTo(catcher: Catcher, email: string, count: number, origin: string): Promise<string> {
  await expect.poll(() => mailsTo(catcher, email).length, { timeout: 20_000 }).toBe(count);
  const mail = mailsTo(catcher, email).at(-1);
  const link = new RegExp(`${origin.replace(/[.]/g, '\\.')}/team/sign-in#[\\w-]{43}`).exec(mail?.text ?? '')?.[0];
  expect(link, 'a sign-in link in the e-mail').toBeDefined();
  return link ?? '';
}

/** Opens a sign-in link and presses Sign in, to the inbox. */
async function signInWith(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign in to the team inbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible();
  // The token is gone from the address bar and the history.
  expect(new URL(page.url()).hash).toBe('');
}

test('members sign in by e-mail, a reviewer decides with the photos in view, the creator hears, and no one else gets in', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const journey = await startJourney();
  const { catcher, receiver } = journey;
  expect(await applications(journey, 'team', 'add', REVIEWER, '--role', 'reviewer')).toContain(REVIEWER);
  expect(await applications(journey, 'team', 'add', VIEWER, '--role', 'viewer')).toContain(VIEWER);

  // A creator applies with a room photo.
  await page.goto(receiver.url);
  await toDetails(page);
  await fillDetailsButFiles(page);
  await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1600, 1200) });
  await expect(fileRow(page, 'living-room.jpg')).toContainText('Uploaded', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', THANKS)).toBeFocused({ timeout: 20_000 });
  const reference = REFERENCE.exec(await page.getByText(REFERENCE).innerText())?.[0] ?? '';
  const statusLink = (await page.locator('a[href*="/status/#"]').getAttribute('href')) ?? '';
  await expect.poll(() => mailsTo(catcher, CREATOR).length, { timeout: 20_000 }).toBe(1);

  // The creator's service worker leaves the team's pages to the server, and keeps none of them.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  await page.goto(`${receiver.url}/team/`);
  await expect(page.getByLabel('E-mail address', { exact: true })).toBeVisible();
  const kept = await page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)))).flat(),
  );
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((url) => new URL(url).pathname.startsWith('/team/'))).toEqual([]);

  // The sign-in page: the same words for a stranger and a member; only the member is mailed.
  const team = await (await freshContext(browser)).newPage();
  await team.goto(`${receiver.url}/team/`);
  await expect(team.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(team);
  await screenshot(team, testInfo, 'team-sign-in-1280');
  await askForLink(team, STRANGER);
  await team.reload();
  await askForLink(team, REVIEWER);
  const link = await linkMailedTo(catcher, REVIEWER, 1, receiver.url);
  expect(mailsTo(catcher, STRANGER)).toEqual([]);

  // The link opens a page whose button signs in: opening it signs no one in (a mail scanner's visit).
  const scanner = await (await freshContext(browser)).newPage();
  await scanner.goto(link);
  expect((await scanner.request.get(`${receiver.url}/team/api/session`)).status()).toBe(401);
  await signInWith(team, link);
  await expectNoAxeViolations(team);
  await screenshot(team, testInfo, 'team-inbox-1280');

  // Found by the creator's name; every answer labelled, and the photo shown from the receiver.
  await team.getByLabel('Search', { exact: true }).fill('Lovelace');
  await team.getByRole('button', { name: 'Apply filters' }).click();
  const applicationsList = team.getByRole('list', { name: 'Applications' });
  await expect(applicationsList.getByRole('listitem')).toHaveCount(1);
  await expect(applicationsList).toContainText(reference);
  await applicationsList.getByRole('link').first().click();
  await expect(team.getByRole('heading', { level: 1 })).toHaveText(`Application ${reference}`);
  // The answers as the creator gave them, under the programme's own labels.
  for (const answer of ['Ada', 'Lovelace', CREATOR]) await expect(team.getByText(answer, { exact: true }).first()).toBeVisible();
  const photo = team.getByRole('img', { name: /living-room\.jpg/ });
  // Loaded lazily, below the answers: scrolled to as a person reads down.
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(team);
  await screenshot(team, testInfo, 'team-application-1280');

  // Accepted with a message: the decision's request is kept, to be replayed by others below.
  await team.getByRole('radio', { name: 'Accepted' }).check();
  await team.getByLabel('Message to the creator (optional)').fill('Welcome aboard');
  const decisionRequest = team.waitForRequest((request) => request.url().endsWith('/decision') && request.method() === 'POST');
  await team.getByRole('button', { name: 'Decide', exact: true }).click();
  const decided = await decisionRequest;
  await expect(team.getByRole('status')).not.toBeEmpty();
  await expect.poll(() => mailsTo(catcher, CREATOR).length, { timeout: 20_000 }).toBe(2);
  expect(mailsTo(catcher, CREATOR)[1]?.text).toContain('Welcome aboard');

  // The creator's status page says so.
  const creator = await (await freshContext(browser)).newPage();
  await creator.goto(statusLink);
  await expect(creator.getByRole('region', { name: STATUS_EN.statusNow })).toContainText(STATUS_EN.statusAccepted);
  await expect(creator.getByText('Welcome aboard', { exact: true })).toBeVisible();

  // A used link signs no one in again.
  const again = await (await freshContext(browser)).newPage();
  await again.goto(link);
  await again.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(again.getByRole('alert')).toContainText('cannot be used');
  expect((await again.request.get(`${receiver.url}/team/api/session`)).status()).toBe(401);

  // The viewer, on a phone: reads, but no decision form; the reviewer's request replayed with the
  // viewer's session is refused, and nothing is written.
  const viewerContext = await freshContext(browser, 390);
  const viewer = await viewerContext.newPage();
  await viewer.goto(`${receiver.url}/team/`);
  await expectNoAxeViolations(viewer);
  await screenshot(viewer, testInfo, 'team-sign-in-390');
  await askForLink(viewer, VIEWER);
  await signInWith(viewer, await linkMailedTo(catcher, VIEWER, 1, receiver.url));
  await expectNoAxeViolations(viewer);
  await screenshot(viewer, testInfo, 'team-inbox-390');
  await viewer.getByRole('list', { name: 'Applications' }).getByRole('link').first().click();
  await expect(viewer.getByRole('img', { name: /living-room\.jpg/ })).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Decision' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Decide' })).toHaveCount(0);
  await expectNoAxeViolations(viewer);
  await screenshot(viewer, testInfo, 'team-application-390');
  const replayBody = { ...(decided.postDataJSON() as Record<string, unknown>), status: 'declined' };
  const replayed = await viewerContext.request.post(decided.url(), { data: replayBody, headers: { Origin: receiver.url } });
  expect(replayed.status()).toBe(403);
  expect(await replayed.json()).toEqual({ error: 'forbidden-role' });

  // From another site, the reviewer's own session changes nothing either.
  const foreign = await team.context().request.post(decided.url(), { data: replayBody, headers: { Origin: 'https://elsewhere.example' } });
  expect(foreign.status()).toBe(403);
  const shown = await applications(journey, 'show', /\/applications\/([^/]+)\/decision$/.exec(decided.url())?.[1] ?? '');
  expect(shown).toContain('accepted');
  expect(shown).not.toContain('declined');
  expect(mailsTo(catcher, CREATOR)).toHaveLength(2);

  // Signing out ends the session on the server: the old cookie opens nothing.
  const cookies = await team.context().cookies();
  await team.getByRole('button', { name: 'Sign out' }).click();
  await expect(team.getByLabel('E-mail address', { exact: true })).toBeVisible();
  const replay = await browser.newContext();
  started.push(() => replay.close());
  await replay.addCookies(cookies);
  expect((await replay.request.get(`${receiver.url}/team/api/session`)).status()).toBe(401);
  expect((await replay.request.get(`${receiver.url}/team/api/applications`)).status()).toBe(401);

  // The audit log holds each sign-in, view and decision, by who.
  const audit = await applications(journey, 'audit');
  for (const expected of ['sign-in', 'view', 'decision', 'sign-out']) expect(audit).toContain(expected);
  expect(audit).toContain(REVIEWER);
});
