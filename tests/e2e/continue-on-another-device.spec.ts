// Continue on another device, against the real receiver of `npm start` (server/start-server.mjs)
// serving the build: a phone-sized context makes a link, a desktop-sized one opens it, in two
// separate browser contexts (two devices: nothing shared but the receiver).
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServer } from '../../server/start-server.mjs';
import { openStore } from '../../server/store/open-store.mjs';
import { latestApplications } from '../../server/applications/stored-applications.mjs';
import { DIST_DIR } from '../support/dist-dir';
import { filesHolding } from '../support/files-holding';
import { BASIC_INFO_HEADING, DETAILS_HEADING, choose, fillBasicInfo, fillDetails } from '../support/default-programme.mjs';
import { expectNoAxeViolations } from './helpers/axe';
import { pressLikeAPerson } from './helpers/press';
import { everythingStoredOnTheDevice } from './helpers/device-storage';
import { preparedDataDir } from '../support/prepared-data-dir';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

let root: string;
let dataDir: string;
let server: Awaited<ReturnType<typeof startServer>>;
/** Skipped in the other projects, a test starts nothing, and its clean-up has nothing to stop. */
let started = false;
const logLines: string[] = [];

// Two devices per test already: once, in the desktop project, is enough.
test.beforeEach(() => {
  test.skip(test.info().project.name !== 'desktop', 'two devices per test: the desktop project runs it');
});

test.beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'handover-root-'));
  dataDir = await preparedDataDir('handover-data-');
  await cp(DIST_DIR, root, { recursive: true });
  logLines.length = 0;
  server = await startServer({ root, port: 0, dataDir, log: (line: string) => logLines.push(line) });
  started = true;
});

test.afterEach(async () => {
  if (!started) return;
  started = false;
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

async function device(browser: Browser, options: typeof PHONE | typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

/** Welcome, Basic Info filled, and half of Details (two answers), on `page`. */
async function halfway(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: BASIC_INFO_HEADING })).toBeFocused();
  await fillBasicInfo(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: DETAILS_HEADING })).toBeFocused();
  await choose(page, 'Pronouns', 'She/her');
  await page.getByLabel('Link to your media kit', { exact: true }).fill('https://ada.example.com/kit.pdf');
}

/** Presses "Continue on another device" and reads the link from the dialog. */
async function makeLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Continue on another device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Continue on another device' });
  const link = dialog.getByLabel('Your link', { exact: true });
  await expect(link).toHaveValue(/#resume=/);
  return link.inputValue();
}

async function storedApplications(): Promise<Array<{ id: string; body: unknown }>> {
  await server.close();
  const store = await openStore({ dataDir });
  try {
    return await latestApplications(store, {});
  } finally {
    await store.close();
    server = await startServer({ root, port: 0, dataDir });
  }
}

test.describe('continue on another device', () => {
  test('the phone makes a link, the desktop opens it, finishes and sends; the phone is handed over and sends nothing', async ({ browser }) => {
    const phone = await device(browser, PHONE);
    await phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await halfway(phone.page);
    const link = await makeLink(phone.page);
    expect(link.startsWith(`${server.url}/#resume=`)).toBe(true);
    const dialog = phone.page.getByRole('dialog', { name: 'Continue on another device' });
    await expect(dialog.getByText(/The link works once, until/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Link copied');
    expect(await phone.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Show QR code' }).click();
    await expect(dialog.getByRole('img', { name: /QR code of your link/ })).toBeVisible();
    await expectNoAxeViolations(phone.page);
    await phone.page.screenshot({ path: test.info().outputPath('phone-link.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Handed over: the phone says so, its form is read only, and taking back is where focus lands.
    await expect(phone.page.getByText(/This application continues on another device/)).toBeVisible();
    await expect(phone.page.getByRole('button', { name: 'Take it back' })).toBeFocused();
    await expect(phone.page.getByLabel('Link to your media kit', { exact: true })).toBeDisabled();
    await expect(phone.page.getByRole('button', { name: 'Continue on another device' })).toHaveCount(0);

    // No log line carries the draft's id (nor, of course, its key).
    const id = /#resume=([^.]+)\./.exec(link)?.[1] ?? '';
    expect(id.length).toBeGreaterThanOrEqual(22);

    const desktop = await device(browser, DESKTOP);
    await desktop.page.goto(link);
    await expect(desktop.page.getByRole('heading', { name: DETAILS_HEADING })).toBeVisible();
    // The key left the address before anything ran.
    expect(desktop.page.url()).toBe(`${server.url}/`);
    await expect(desktop.page.getByLabel('Link to your media kit', { exact: true })).toHaveValue('https://ada.example.com/kit.pdf');
    await desktop.page.getByRole('button', { name: 'Back' }).click();
    await expect(desktop.page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
    await expect(desktop.page.getByLabel('Email Address', { exact: true })).toHaveValue('ada@example.com');
    await desktop.page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(desktop.page.getByRole('heading', { name: DETAILS_HEADING })).toBeFocused();
    await fillDetails(desktop.page);
    await desktop.page.getByLabel('Link to your media kit', { exact: true }).fill('https://ada.example.com/desk-kit.pdf');
    await desktop.page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(desktop.page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused();

    // The phone still cannot send: its Continue does nothing, and a reload keeps it handed over.
    await phone.page.reload();
    await expect(phone.page.getByText(/This application continues on another device/)).toBeVisible();
    await expect(phone.page.getByLabel('Link to your media kit', { exact: true })).toBeDisabled();

    for (const line of logLines) expect(line).not.toContain(id);
    const stored = await storedApplications();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored[0]?.body)).toContain('desk-kit.pdf');
    await phone.context.close();
    await desktop.context.close();
  });

  test('a device holding another draft asks which to keep, describing both; keeping its own leaves it as it was', async ({ browser }) => {
    const phone = await device(browser, PHONE);
    await halfway(phone.page);
    const link = await makeLink(phone.page);
    const second = await makeSecondLink(browser);

    const desktop = await device(browser, DESKTOP);
    await desktop.page.goto(server.url);
    await desktop.page.getByRole('button', { name: 'Continue', exact: true }).click();
    await desktop.page.getByLabel('Full Name', { exact: true }).fill('Grace');
    await desktop.page.getByLabel('Last Name', { exact: true }).fill('Hopper');
    await expect(desktop.page.getByText('Saved on this device', { exact: true })).toBeVisible();

    await desktop.page.goto(link);
    await expect(desktop.page.getByRole('heading', { name: 'Which application do you want to keep?' })).toBeFocused();
    await expect(desktop.page.getByText(/^Ada Lovelace: Details step, saved /)).toBeVisible();
    await expect(desktop.page.getByText(/^Grace Hopper: Basic Info step, saved /)).toBeVisible();
    await expectNoAxeViolations(desktop.page);
    await desktop.page.screenshot({ path: test.info().outputPath('choice.png') });
    await desktop.page.getByRole('button', { name: 'Keep the one on this device' }).click();
    await expect(desktop.page.getByRole('heading', { name: BASIC_INFO_HEADING })).toBeVisible();
    await expect(desktop.page.getByLabel('Full Name', { exact: true })).toHaveValue('Grace');

    // The other link, opened on the same device: this time the link's application is kept.
    await desktop.page.goto(second);
    await desktop.page.getByRole('button', { name: 'Keep the one from the link' }).click();
    await expect(desktop.page.getByRole('heading', { name: DETAILS_HEADING })).toBeVisible();
    await desktop.page.getByRole('button', { name: 'Back' }).click();
    await expect(desktop.page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
    await phone.context.close();
    await desktop.context.close();
  });

  test('a link opened twice: the second time, a clear page that the answers are still on the other device', async ({ browser }) => {
    const phone = await device(browser, PHONE);
    await halfway(phone.page);
    const link = await makeLink(phone.page);
    const desktop = await device(browser, DESKTOP);
    await desktop.page.goto(link);
    await expect(desktop.page.getByRole('heading', { name: DETAILS_HEADING })).toBeVisible();

    const third = await device(browser, DESKTOP);
    await third.page.goto(link);
    await expect(third.page.getByRole('heading', { name: 'This link no longer works' })).toBeFocused();
    await expect(third.page.getByRole('alert')).toContainText('Your answers are still on the device that made the link');
    expect(third.page.url()).toBe(`${server.url}/`);
    await expectNoAxeViolations(third.page);
    await third.page.screenshot({ path: test.info().outputPath('gone.png') });
    await third.page.getByRole('button', { name: 'Go to the application' }).click();
    await expect(third.page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();

    // A link with one character of its key changed: the tag refuses it, the page says it is damaged.
    const tampered = link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const fourth = await device(browser, DESKTOP);
    await fourth.page.goto(tampered);
    await expect(fourth.page.getByRole('heading', { name: /This link (is damaged|no longer works)/ })).toBeVisible();
    for (const context of [phone.context, desktop.context, third.context, fourth.context]) await context.close();
  });

  test('taking it back before the link is opened withdraws the link; the phone edits and sends again', async ({ browser }) => {
    const phone = await device(browser, PHONE);
    await halfway(phone.page);
    const link = await makeLink(phone.page);
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await phone.page.getByRole('button', { name: 'Take it back' }).click();
    await expect(phone.page.getByText('You took the application back. The link no longer works.')).toBeVisible();
    await expect(phone.page.getByLabel('Link to your media kit', { exact: true })).toBeEnabled();

    const desktop = await device(browser, DESKTOP);
    await desktop.page.goto(link);
    await expect(desktop.page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    await phone.context.close();
    await desktop.context.close();
  });

  test('taken back after the desktop sent it: the receiver refuses the stale copy of the phone, and the phone settles as sent elsewhere', async ({
    browser,
  }) => {
    const phone = await device(browser, PHONE);
    await halfway(phone.page);
    const link = await makeLink(phone.page);
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    const desktop = await device(browser, DESKTOP);
    await desktop.page.goto(link);
    await expect(desktop.page.getByRole('heading', { name: DETAILS_HEADING })).toBeVisible();
    await fillDetails(desktop.page);
    await desktop.page.getByLabel('Link to your media kit', { exact: true }).fill('https://ada.example.com/desk-kit.pdf');
    await desktop.page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(desktop.page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused();

    await phone.page.getByRole('button', { name: 'Take it back' }).click();
    await expect(phone.page.getByText(/The link had already been opened/)).toBeVisible();
    await fillDetails(phone.page);
    await phone.page.getByRole('button', { name: 'Continue', exact: true }).click();
    // Settled there: the phone moves on as after any acceptance, says so, and keeps nothing personal.
    await expect(phone.page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused();
    await expect(phone.page.getByRole('status').filter({ hasText: 'already sent from another device' })).toBeVisible();
    await expect.poll(() => everythingStoredOnTheDevice(phone.page)).not.toContain('ada@example.com');
    const stored = await storedApplications();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored[0]?.body)).toContain('desk-kit.pdf');
    expect(logLines.some((line) => /refused application .* revision 1: revision 1 is stored/.test(line))).toBe(true);
    await phone.context.close();
    await desktop.context.close();
  });

  test('a press held 120 ms near the edge of the button, straight after typing: the link carries the last keystroke', async ({ browser }, testInfo) => {
    const phone = await device(browser, PHONE);
    await halfway(phone.page);
    await phone.page.getByLabel('Link to your media kit', { exact: true }).pressSequentially('-final');
    await pressLikeAPerson(phone.page, testInfo, phone.page.getByRole('button', { name: 'Continue on another device' }), { spot: 'near bottom edge' });
    const link = phone.page.getByRole('dialog').getByLabel('Your link', { exact: true });
    await expect(link).toHaveValue(/#resume=/);
    const desktop = await device(browser, DESKTOP);
    await desktop.page.goto(await link.inputValue());
    await expect(desktop.page.getByLabel('Link to your media kit', { exact: true })).toHaveValue('https://ada.example.com/kit.pdf-final');
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(phone.page.getByRole('button', { name: 'Take it back' })).toBeFocused();
    await phone.page.screenshot({ path: testInfo.outputPath('phone-handed-over.png'), fullPage: true });
    await phone.context.close();
    await desktop.context.close();
  });

  test('opened offline in an installed-like visit (service worker in control): the page says the link still works, and opens it once online', async ({
    browser,
  }) => {
    const phone = await device(browser, PHONE);
    await halfway(phone.page);
    const link = await makeLink(phone.page);
    const desktop = await device(browser, DESKTOP);
    await desktop.page.goto(server.url);
    await expect(desktop.page.getByText('Ready to work offline').first()).toBeVisible({ timeout: 30_000 });
    await desktop.context.setOffline(true);
    await desktop.page.goto(link);
    await expect(desktop.page.getByRole('heading', { name: 'You are offline' })).toBeFocused();
    expect(desktop.page.url()).toBe(`${server.url}/`);
    await desktop.context.setOffline(false);
    await desktop.page.getByRole('button', { name: 'Try again' }).click();
    await expect(desktop.page.getByRole('heading', { name: DETAILS_HEADING })).toBeVisible();
    await expect(desktop.page.getByLabel('Link to your media kit', { exact: true })).toHaveValue('https://ada.example.com/kit.pdf');
    await phone.context.close();
    await desktop.context.close();
  });

  test('offline, making a link says it needs a connection and leaves the form as it was', async ({ browser }) => {
    const phone = await device(browser, PHONE);
    await halfway(phone.page);
    await phone.context.setOffline(true);
    await phone.page.getByRole('button', { name: 'Continue on another device' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Continue on another device' });
    await expect(dialog.getByRole('alert')).toHaveText(/You are offline\. Making a link needs a connection/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(phone.page.getByLabel('Link to your media kit', { exact: true })).toBeEnabled();
    await phone.context.setOffline(false);
    const link = await makeLink(phone.page);
    expect(link).toContain('#resume=');
    await phone.context.close();
  });
});

/** A second phone's link for another half-finished application (Ada's). */
async function makeSecondLink(browser: Browser): Promise<string> {
  const other = await device(browser, PHONE);
  await halfway(other.page);
  const link = await makeLink(other.page);
  await other.context.close();
  return link;
}

test('the receiver never holds a typed value in plain text: only ciphertext', async ({ browser }) => {
  const phone = await device(browser, PHONE);
  await halfway(phone.page);
  await makeLink(phone.page);
  await phone.context.close();
  await server.close();
  const found = await filesHolding(dataDir, 'ada@example.com');
  expect(found).toEqual([]);
  server = await startServer({ root, port: 0, dataDir });
});
