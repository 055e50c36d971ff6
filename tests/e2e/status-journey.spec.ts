// Where an application stands, end to end against the REAL receiver (`npm start`'s server/serve.mjs
// on a copy of dist/ and its own data folder) and a REAL SMTP server (scripts/mail-catcher.mjs,
// no STARTTLS, on this machine): the last step's reference and link, exactly one receipt e-mail
// with the same, the status page in a fresh browser (nothing personal), a decision by the CLI
// through the receiver's admin door and its one e-mail, the installed app offline with the last
// status, and erasure ending the link. Then French (e-mail and page) and Arabic (right to left).
// status-page.spec.ts proves the page's edges against a stand-in; this proves the parts agree.
import { execFile as execFileCallback } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { completeApplication } from './helpers/complete-application';
import { startReceiverWithMail, type MailCatcher } from './helpers/receiver-with-mail';
import { ar, ARABIC_CONTINUE, arabicProgramme } from '../fixtures/arabic-programme';
import { FRENCH_CONTINUE, fr, frenchProgramme } from '../fixtures/french-programme';
import { fillBasicInfo, fillDetails } from '../support/default-programme.mjs';
import { DIST_DIR } from '../support/dist-dir';
import type { ReceiverProcess } from '../support/receiver-process';
import { MAIL_EN } from '../../src/i18n/mail-messages-en';
import { MAIL_FR } from '../../src/i18n/mail-messages-fr';
import { FR } from '../../src/i18n/messages-fr';
import { STATUS_EN } from '../../src/i18n/status-messages-en';
import { STATUS_FR } from '../../src/i18n/status-messages-fr';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const execFile = promisify(execFileCallback);

/** What fillBasicInfo types that names the creator: none of it may show on a status page. */
const PERSONAL = ['Ada', 'Lovelace', 'ada@example.com', 'ada.at.home', '5551234567', 'Analytical', 'Portland'];
const CREATOR = 'ada@example.com';
const REFERENCE = /[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/;
/** sw/feature-chunks.ts's FEATURE_CACHE (that module needs a worker's scope to import). */
const FEATURE_CACHE = 'feature-chunks';

type Catcher = MailCatcher;
interface Journey {
  root: string;
  dataDir: string;
  catcher: Catcher;
  receiver: ReceiverProcess;
}

let journey: Journey | null = null;
/** What each test starts, stopped after it whatever happened. */
const started: Array<() => Promise<unknown>> = [];

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: a whole journey against a real receiver and SMTP server, the same on every screen');
});

test.afterEach(async () => {
  for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
  journey = null;
});

/**
 * The receiver as `npm start` runs it, with mail on: a copy of dist/ (its config.json made by
 * `programme` from the built one), a copy of the prepared store, and a mail catcher as SMTP_URL.
 */
async function startJourney(programme?: (built: Record<string, unknown>) => Record<string, unknown>): Promise<Journey> {
  const root = await mkdtemp(join(tmpdir(), 'status-journey-'));
  started.push(() => rm(root, { recursive: true, force: true }));
  await cp(DIST_DIR, root, { recursive: true });
  if (programme) {
    const built = JSON.parse(await readFile(join(root, 'config.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(root, 'config.json'), JSON.stringify(programme(built), null, 2));
  }
  const { dataDir, catcher, receiver } = await startReceiverWithMail(root, 'status-journey', started);
  journey = { root, dataDir, catcher, receiver };
  return journey;
}

/** `npm run -s applications -- …` on the journey's DATA_DIR: through the running receiver's admin door. */
async function applications(...args: string[]): Promise<string> {
  if (!journey) throw new Error('no receiver runs');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: journey.dataDir };
  delete env.DATABASE_URL;
  const { stdout, stderr } = await execFile('npm', ['run', '-s', 'applications', '--', ...args], { cwd: ROOT, env });
  // The receiver holds the embedded store: the command must have gone through its admin door.
  expect(stderr).toContain('through the receiver running on it');
  return stdout;
}

/** The id the receiver logged when it stored the application ("received application <id>"). */
function receivedApplicationId(receiver: ReceiverProcess): string {
  const ids = [...receiver.output().matchAll(/received application (\S+)/g)].map((match) => match[1]);
  expect(ids, 'one application received').toHaveLength(1);
  return ids[0] ?? '';
}

/** How long after the last e-mail arrived no other may come: each status is mailed once. */
const QUIET_MS = 2_000;

/** Waits until `count` e-mails have arrived; `stillExactly` later proves no more came. */
async function mailsArrived(catcher: Catcher, count: number) {
  await expect.poll(() => catcher.mails.length, { timeout: 20_000 }).toBe(count);
  return { mails: catcher.mails.slice(), at: Date.now() };
}

/** Still exactly `count` e-mails, QUIET_MS after they arrived (the steps between count as the wait). */
async function stillExactly(catcher: Catcher, count: number, arrivedAt: number) {
  const left = arrivedAt + QUIET_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  expect(catcher.mails).toHaveLength(count);
}

/** The reference and the link the last step shows. */
async function receiptOnLastStep(page: Page, linkName?: string): Promise<{ reference: string; link: string }> {
  const line = page.getByText(REFERENCE);
  await expect(line).toBeVisible();
  const reference = REFERENCE.exec(await line.innerText())?.[0] ?? '';
  const toStatus = linkName ? page.getByRole('link', { name: linkName }) : page.locator('a[href*="/status/#"]');
  const link = (await toStatus.getAttribute('href')) ?? '';
  expect(link).toMatch(/\/status\/#[\w-]{43}$/);
  return { reference, link };
}

async function freshPage(browser: Browser, locale?: string): Promise<Page> {
  const context = await browser.newContext(locale ? { locale } : {});
  started.push(() => context.close());
  return context.newPage();
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('sent, mailed once, followed from a fresh browser, decided by the CLI, kept offline, ended by erasure', async ({ page, context, browser }, testInfo) => {
  const { catcher, receiver } = await startJourney();
  await page.goto(receiver.url);
  await completeApplication(page);
  const { reference, link } = await receiptOnLastStep(page, 'See where your application stands');
  await expect(page.getByText(`Your reference: ${reference}`, { exact: true })).toBeVisible();
  expect(new URL(link).origin).toBe(receiver.url);

  const {
    mails: [receipt],
    at: receiptAt,
  } = await mailsArrived(catcher, 1);
  expect(receipt?.to).toEqual([CREATOR]);
  expect(receipt?.subject).toBe(MAIL_EN.mailReceiptSubject.replace('{programme}', 'Hartwell Creator Trade Programme'));
  expect(receipt?.text).toContain(reference);
  expect(receipt?.text).toContain(link);
  expect(receipt?.html).toContain(`href="${link}"`);

  // Another browser, nothing stored: the link alone says it was received, and nothing of the creator.
  const status = await freshPage(browser);
  await status.goto(link);
  const region = status.getByRole('region', { name: STATUS_EN.statusNow });
  await expect(region).toContainText(STATUS_EN.statusReceived);
  await expect(status.getByText(reference, { exact: true })).toBeVisible();
  const shown = await status.locator('body').innerText();
  for (const personal of PERSONAL) expect(shown, personal).not.toContain(personal);
  await stillExactly(catcher, 1, receiptAt);

  // The team decides with the CLI, through the running receiver; Check again shows it.
  const id = receivedApplicationId(receiver);
  expect(await applications('decide', id, 'accepted', '--message', 'Welcome aboard')).toContain(`is now accepted`);
  await status.getByRole('button', { name: STATUS_EN.statusCheckAgain }).click();
  await expect(region).toContainText(STATUS_EN.statusAccepted);
  await expect(status.getByText('Welcome aboard', { exact: true })).toBeVisible();
  await screenshot(status, testInfo, 'status-page-accepted');
  const {
    mails: [, accepted],
    at: acceptedAt,
  } = await mailsArrived(catcher, 2);
  expect(accepted?.to).toEqual([CREATOR]);
  expect(accepted?.subject).toBe(MAIL_EN.mailAcceptedSubject.replace('{programme}', 'Hartwell Creator Trade Programme'));
  expect(accepted?.text).toContain('Welcome aboard');
  expect(accepted?.text).toContain(reference);
  expect(accepted?.text).toContain(link);

  // The installed app that sent it: the link opened once online, then offline the last status, and when.
  await page.goto(link);
  await expect(page.getByRole('region', { name: STATUS_EN.statusNow })).toContainText(STATUS_EN.statusAccepted);
  await expect
    .poll(
      () =>
        page.evaluate(
          async (cacheName) => (await (await caches.open(cacheName)).keys()).filter((request) => request.url.includes('/status/assets/')).length,
          FEATURE_CACHE,
        ),
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await context.setOffline(true);
  await page.reload();
  const kept = page.getByRole('region', { name: STATUS_EN.statusNow });
  await expect(kept).toContainText(STATUS_EN.statusOfflineKept);
  await expect(kept).toContainText(STATUS_EN.statusAccepted);
  await expect(kept).toContainText(/Last checked \w/);
  await context.setOffline(false);
  await stillExactly(catcher, 2, acceptedAt);

  // Erasure ends the link: no longer held, and no e-mail about it.
  expect(await applications('erase', '--email', CREATOR)).toBe(`Erased 1 application(s), 1 revision(s), of ${CREATOR}.\n`);
  await status.getByRole('button', { name: STATUS_EN.statusCheckAgain }).click();
  await expect(region).toContainText(STATUS_EN.statusWithdrawn);
  await expect(status.getByText('Welcome aboard', { exact: true })).toHaveCount(0);
  expect(catcher.mails).toHaveLength(2);
});

test('in French: the receipt e-mail and the status page speak French', async ({ browser }, testInfo) => {
  const { catcher, receiver } = await startJourney(frenchProgramme);
  const page = await freshPage(browser, 'fr-FR');
  await page.goto(receiver.url);
  await page.getByRole('button', { name: FRENCH_CONTINUE, exact: true }).click();
  await expect(page.getByRole('heading', { name: fr('Basic Information') })).toBeFocused();
  const words = (english: string): string =>
    english.startsWith('Remove ')
      ? `Retirer ${english.slice('Remove '.length)}`
      : ({ Handle: FR.handleLabel as string, 'Follower count': FR.followersLabel as string }[english] ?? english);
  await fillBasicInfo(page, fr, words);
  await page.getByRole('button', { name: FRENCH_CONTINUE, exact: true }).click();
  await expect(page.getByRole('heading', { name: fr('Additional Details') })).toBeFocused();
  await fillDetails(page, fr, words);
  await page.getByRole('button', { name: FRENCH_CONTINUE, exact: true }).click();
  await expect(page.getByRole('heading', { name: fr('Thank you for applying!') })).toBeFocused();
  const { reference, link } = await receiptOnLastStep(page, FR.seeStatus as string);
  await expect(page.getByText((FR.yourReference as string).replace('{reference}', reference), { exact: true })).toBeVisible();

  const {
    mails: [receipt],
    at: receiptAt,
  } = await mailsArrived(catcher, 1);
  const programme = fr('Hartwell Creator Trade Programme');
  expect(receipt?.subject).toBe(MAIL_FR.mailReceiptSubject.replace('{programme}', programme));
  expect(receipt?.text).toContain(reference);
  expect(receipt?.text).toContain(link);
  expect(receipt?.text).not.toContain('your application');

  const status = await freshPage(browser, 'fr-FR');
  await status.goto(link);
  await expect(status.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(status.getByRole('heading', { level: 1, name: STATUS_FR.statusTitle })).toBeVisible();
  await expect(status.getByRole('region', { name: STATUS_FR.statusNow })).toContainText(STATUS_FR.statusReceived);
  await expect(status.getByRole('button', { name: STATUS_FR.statusCheckAgain })).toBeVisible();
  await expect(status.getByText(reference, { exact: true })).toBeVisible();
  await screenshot(status, testInfo, 'status-page-french');
  await stillExactly(catcher, 1, receiptAt);
});

test('in Arabic: the status page is right to left; the e-mail, without a built-in Arabic, in English', async ({ browser }, testInfo) => {
  const { catcher, receiver } = await startJourney(arabicProgramme);
  const page = await freshPage(browser, 'ar');
  await page.goto(receiver.url);
  await page.getByRole('button', { name: ARABIC_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: ar('Basic Information') })).toBeFocused();
  await fillBasicInfo(page, ar);
  await page.getByRole('button', { name: ARABIC_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: ar('Additional Details') })).toBeFocused();
  await fillDetails(page, ar);
  await page.getByRole('button', { name: ARABIC_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: ar('Thank you for applying!') })).toBeFocused();
  const { reference, link } = await receiptOnLastStep(page);

  const {
    mails: [receipt],
    at: receiptAt,
  } = await mailsArrived(catcher, 1);
  // English words around the programme's Arabic name: docs/mail.md's "English for any other language".
  expect(receipt?.subject).toBe(MAIL_EN.mailReceiptSubject.replace('{programme}', ar('Hartwell Creator Trade Programme')));
  expect(receipt?.text).toContain(reference);
  expect(receipt?.text).toContain(link);

  const status = await freshPage(browser, 'ar');
  await status.goto(link);
  await expect(status.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(status.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(status.getByText(reference, { exact: true })).toBeVisible();
  await expect(status.getByText(reference, { exact: true })).toHaveCSS('direction', 'ltr');
  // The programme gives no Arabic for the page's words: English, marked so, punctuated as English.
  await expect(status.getByText(STATUS_EN.statusReceived, { exact: true })).toHaveAttribute('lang', 'en');
  await expect(status.getByText(STATUS_EN.statusReceived, { exact: true })).toHaveAttribute('dir', 'ltr');
  await screenshot(status, testInfo, 'status-page-arabic');
  await stillExactly(catcher, 1, receiptAt);
});
