import { ANY_WIDTH } from './helpers/any-width';
// Where an application stands: the last step's reference and link, and the status page they open
// (status/index.html), in a fresh browser, offline with the last status kept, erased (410), an
// unknown link (404), rate limited (429), in French and in Arabic right to left.
//
// The receiver's side of the status links is the STAND-IN (tests/support/stand-in-status-receiver.ts,
// turned on with app.useStatusStandIn()), which answers as the contract says until the real
// receiver's status room is merged; then these journeys should run against the real one.
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './helpers/axe';
import { completeApplication } from './helpers/complete-application';

const PERSONAL = ['Ada', 'Lovelace', 'ada@example.com', 'ada.at.home', '5551234567', 'Analytical', 'Portland'];
const STATUS_REGION = { name: 'Status' } as const;
/** sw/feature-chunks.ts's FEATURE_CACHE (that module needs a worker's scope to import). */
const FEATURE_CACHE = 'feature-chunks';

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Once the service worker is in charge and has kept the status page's scripts (src/status/keep-status-page.ts). */
async function keptForOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
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
}

/** A fresh browser profile (nothing stored), at the project's size. */
async function freshDevice(browser: Browser, testInfo: TestInfo): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

test('the last step gives the reference and the link, which shows the application received, nothing personal, and offline the last status', async ({
  page,
  app,
  browser,
}, testInfo) => {
  test.slow();
  const receiver = app.useStatusStandIn();
  await page.goto(app.url);
  await completeApplication(page);
  const [link] = receiver.links;
  if (!link) throw new Error('the stand-in made no link');
  await expect(page.getByText(`Your reference: ${link.reference}`, { exact: true })).toBeVisible();
  const toStatus = page.getByRole('link', { name: 'See where your application stands' });
  await expect(toStatus).toHaveAttribute('href', `${app.url}/status/#${link.secret}`);
  await expect(toStatus).toHaveAttribute('referrerpolicy', 'no-referrer');
  await screenshot(page, testInfo, 'last-step-receipt');

  // The installed app reopened after sending: the thank-you step, and the receipt, again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
  await expect(page.getByText(`Your reference: ${link.reference}`, { exact: true })).toBeVisible();

  // Started anew on this device, the last receipt is still reachable: the status page opened bare names it.
  await page.getByRole('button', { name: 'Start a new application' }).click();
  await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
  await page.goto(`${app.url}/status/`);
  await expect(page.getByText(link.reference, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', STATUS_REGION)).toContainText('Received: your application has arrived');

  // Another device, nothing stored: the link alone.
  const { context, page: status } = await freshDevice(browser, testInfo);
  try {
    await status.goto(`${app.url}/status/#${link.secret}`);
    await expect(status.getByRole('heading', { level: 1, name: 'Where your application stands' })).toBeVisible();
    const region = status.getByRole('region', STATUS_REGION);
    await expect(region).toContainText('Received: your application has arrived');
    await expect(region).toContainText('Last checked');
    await expect(status.getByText(link.reference, { exact: true })).toBeVisible();
    await expect(status.getByText('Hartwell Creator Trade Programme', { exact: true })).toBeVisible();
    await expect(status.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(status.locator('html')).toHaveAttribute('lang', 'en');
    const text = await status.locator('body').innerText();
    for (const personal of PERSONAL) expect(text, personal).not.toContain(personal);

    // The secret went only in the Authorization header: not in the URL, no referrer, no cookie.
    const lookup = receiver.lookups.at(-1);
    expect(lookup?.url).toBe('/api/status');
    expect(lookup?.headers.authorization).toBe(`Bearer ${link.secret}`);
    expect(lookup?.headers.referer).toBeUndefined();
    expect(lookup?.headers.cookie).toBeUndefined();
    expect(app.received.map((request) => request.path).join(' ')).not.toContain(link.secret);

    await expectNoAxeViolations(status);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await status.setViewportSize({ width, height });
      await expectNoAxeViolations(status);
      const path = testInfo.outputPath(`status-page-${String(width)}-${testInfo.project.name}.png`);
      await status.screenshot({ path, fullPage: true });
      await testInfo.attach(`status page at ${String(width)} px`, { path, contentType: 'image/png' });
    }

    // Offline: the page opens from the service worker, with the status last seen and when.
    await keptForOffline(status);
    await context.setOffline(true);
    await status.reload();
    await expect(status.getByRole('region', STATUS_REGION)).toContainText('You are offline: this is where your application stood when it was last checked.');
    await expect(status.getByRole('region', STATUS_REGION)).toContainText('Received: your application has arrived');
    await expect(status.getByRole('region', STATUS_REGION)).toContainText(/Last checked \w/);
    await screenshot(status, testInfo, 'status-page-offline');

    // Decided meanwhile: back online, Check again shows it, with the team's message, and says so to a screen reader.
    receiver.decide(link.reference, 'in-review');
    receiver.decide(link.reference, 'accepted', 'Welcome aboard! We will write within the week.');
    await context.setOffline(false);
    await status.getByRole('button', { name: 'Check again' }).click();
    await expect(status.getByRole('status')).toContainText('Accepted: welcome to the programme!');
    await expect(status.getByText('Welcome aboard! We will write within the week.')).toBeVisible();
    await expect(status.getByRole('listitem')).toHaveCount(3);
    await screenshot(status, testInfo, 'status-page-accepted');
  } finally {
    await context.close();
  }
});

test('an erased application’s link says it is no longer held; an unknown link and too many checks say so', ANY_WIDTH, async ({ page, app }) => {
  const receiver = app.useStatusStandIn();
  const { statusUrl, reference } = receiver.receiptFor('application-1', app.url, null);
  receiver.erase(reference);
  await page.goto(statusUrl);
  await expect(page.getByRole('region', STATUS_REGION)).toContainText('No longer held: this application was erased');

  await page.goto(`${app.url}/status/#${'x'.repeat(43)}`);
  await page.reload();
  await expect(page.getByRole('region', STATUS_REGION)).toContainText('This status link is not known. It may be incomplete');

  const other = receiver.receiptFor('application-2', app.url, null);
  receiver.answerBusy();
  await page.goto(other.statusUrl);
  await page.reload();
  await expect(page.getByRole('region', STATUS_REGION)).toContainText('Too many checks in a short time. Please try again in a moment.');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('region', STATUS_REGION)).toContainText('Received: your application has arrived');
});

test('the status page speaks the language the creator applied in: French, and Arabic right to left', async ({ page, app }, testInfo) => {
  await app.editConfig((config) => {
    config.languages = ['en', 'fr', 'ar'];
    config.programmeTitle = { en: 'Hartwell Creator Trade Programme', fr: 'Programme créateurs Hartwell', ar: 'برنامج صناع المحتوى من هارتويل' };
    config.messages = {
      statusTitle: { en: 'Where your application stands', fr: 'Où en est votre demande', ar: 'أين وصل طلبك' },
      statusReceived: {
        en: 'Received: your application has arrived and is waiting to be reviewed.',
        fr: 'Reçue : votre demande est arrivée et attend d’être examinée.',
        ar: 'تم الاستلام: وصل طلبك وينتظر المراجعة.',
      },
    };
  });
  const receiver = app.useStatusStandIn();
  const french = receiver.receiptFor('application-fr', app.url, 'fr');
  await page.goto(french.statusUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Où en est votre demande' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Statut' })).toContainText('Reçue : votre demande est arrivée');
  await expect(page.getByText('Programme créateurs Hartwell', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vérifier de nouveau' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  const arabic = receiver.receiptFor('application-ar', app.url, 'ar');
  await page.goto(arabic.statusUrl);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'أين وصل طلبك' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('تم الاستلام: وصل طلبك وينتظر المراجعة.')).toBeVisible();
  // Words the programme gives only in English are marked so, to be read aloud and punctuated as English.
  await expect(page.getByRole('button', { name: 'Check again' }).locator('span')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Check again' }).locator('span')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 }).locator('span')).toHaveCount(0);
  // The reference still reads left to right.
  await expect(page.getByText(arabic.reference, { exact: true })).toHaveCSS('direction', 'ltr');
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'status-page-arabic');
});
