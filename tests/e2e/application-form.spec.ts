import { ANY_WIDTH } from './helpers/any-width';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './helpers/axe';
import { completeApplication } from './helpers/complete-application';
import { fillBasicInfo, fillDetails } from '../support/default-programme.mjs';
import { EXPECTED_BODY } from '../support/expected-application';

test.describe('the application form', () => {
  test('a complete application from Welcome to Creator Hub sends the exact body with JSON headers', async ({ page, app }) => {
    await page.goto(app.url);
    await completeApplication(page);
    expect(app.applications).toHaveLength(1);
    const [request] = app.applications;
    expect(request?.method).toBe('PUT');
    expect(request?.path).toBe('/api/applications');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(JSON.parse(request?.body ?? 'null')).toEqual(EXPECTED_BODY);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a receiver that gives no receipt changes nothing on the last step: no reference, no status link', ANY_WIDTH, async ({ page, app }) => {
    await page.goto(app.url);
    await completeApplication(page);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText(/Your reference/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'See where your application stands' })).toHaveCount(0);
  });

  test('a receipt that is not one (another origin, a malformed reference) is ignored on the last step', ANY_WIDTH, async ({ page, app }) => {
    // The STAND-IN receiver's links (tests/support/stand-in-status-receiver.ts), made wrong on purpose.
    const receiver = app.useStatusStandIn();
    const receiptFor = receiver.receiptFor.bind(receiver);
    receiver.receiptFor = (id, _origin, language) => ({ ...receiptFor(id, 'https://elsewhere.example', language), reference: 'k7qm-4xtr' });
    await page.goto(app.url);
    await completeApplication(page);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText(/Your reference/)).toHaveCount(0);
  });

  test('the Home Screen advice about saved answers goes once the application is accepted', async ({ page, app }) => {
    // Headless Chromium refuses persistent storage to a plain tab, so the first save makes the
    // advice due once that answer is in, and it shows from the next step on.
    const advice = page.getByRole('note').filter({ hasText: 'add this page to your Home Screen' });
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Ada');
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    // The app asked on that save; once persisted() answers, its request has been answered too.
    await expect.poll(() => page.evaluate(() => navigator.storage.persisted())).toBe(false);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(advice).toBeVisible();
    await completeApplication(page, { stopBeforeSubmit: true });
    await expect(advice).toBeVisible();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused();
    expect(app.applications).toHaveLength(1);
    // The answers left the device with the accepted application: nothing is left to keep.
    await expect(advice).toHaveCount(0);
  });

  test('a 500 shows the error line, keeps every value, and a retry sends the same application', async ({ page, app }) => {
    // Two failures: whichever of the manual Continue and the backoff retry comes second succeeds.
    app.answerWith({ status: 500 }, { status: 500 });
    await page.goto(app.url);
    await completeApplication(page, { stopBeforeSubmit: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('We could not send your application. Nothing you typed is lost: please try again in a moment.');
    await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeVisible();
    await expect(page.getByLabel('How old are they?', { exact: true })).toHaveValue('Two, aged 4 and 7');
    await expect(page.getByRole('combobox', { name: 'Pronouns', exact: true })).toHaveValue('She/her');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
    await expect(page.getByRole('group', { name: 'Instagram' }).getByLabel('Handle')).toHaveValue('ada.at.home');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 20_000 });
    expect(app.applications).toHaveLength(3);
    expect(new Set(app.applications.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect([...app.stored.values()]).toEqual([EXPECTED_BODY]);
  });

  test('the default server-error text shows when none is configured', ANY_WIDTH, async ({ page, app }) => {
    await app.editConfig((config) => {
      delete config.serverErrorText;
    });
    app.answerWith({ status: 503 });
    await page.goto(app.url);
    await completeApplication(page, { stopBeforeSubmit: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please, try again later.');
  });

  test('Continue on an empty step shows each message, focuses the first problem and sends nothing', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // Pressed again once Basic Info is there, as a person would: a second press while Welcome is
    // still at work is one press (it counts once, see prerendered-welcome.spec.ts).
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const fullName = page.getByLabel('Full Name', { exact: true });
    await expect(fullName).toBeFocused();
    await expect(fullName).toHaveAttribute('aria-invalid', 'true');
    await expect(fullName).toHaveAccessibleDescription('This field is required');
    await expect(page.getByText('Fill at least one platform')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /answers need your attention/ })).toHaveCount(1);

    // A handle that is a whole URL and a follower count with letters.
    const instagram = page.getByRole('group', { name: 'Instagram' });
    await instagram.getByLabel('Handle').fill('https://instagram.com/ada');
    await instagram.getByLabel('Follower count').fill('12k');
    await instagram.getByLabel('Follower count').blur();
    await expect(instagram.getByLabel('Handle')).toHaveAccessibleDescription('Enter your username only');
    await expect(instagram.getByLabel('Follower count')).toHaveAccessibleDescription('Enter a valid number');
    expect(app.applications).toHaveLength(0);
  });

  test('the platform picker adds, switches and removes cards', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const add = page.getByRole('button', { name: 'Add platform' });
    await add.click();
    await add.click();
    const cards = page.locator('.platform-card');
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole('group', { name: 'YouTube' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Facebook' })).toBeVisible();
    await page.getByRole('group', { name: 'YouTube' }).getByLabel('Handle').fill('adatube');
    await page.getByRole('group', { name: 'YouTube' }).getByLabel('Platform').selectOption('TikTok');
    await expect(page.getByRole('group', { name: 'TikTok' }).getByLabel('Handle')).toHaveValue('adatube');
    await page.getByRole('group', { name: 'TikTok' }).getByRole('button', { name: 'Remove' }).click();
    await expect(cards).toHaveCount(2);
    await expect(add).toBeFocused();
    await add.click();
    // Add takes the first platform without a card: YouTube again, its old values gone.
    await expect(page.getByRole('group', { name: 'YouTube' }).getByLabel('Handle')).toHaveValue('');
  });

  test('choosing a phone country code sets the country', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await expect(country).toHaveValue('United States');
    const code = page.getByRole('combobox', { name: 'Country code', exact: true });
    await code.click();
    await code.fill('Guernsey');
    await page.getByRole('option', { name: 'Guernsey (+44-1481)' }).click();
    await expect(country).toHaveValue('Guernsey');
  });

  test('axe reports no violations on any step, errors included', async ({ page, app }) => {
    await page.goto(app.url);
    await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Fill at least one platform')).toBeVisible();
    await expectNoAxeViolations(page);
    await fillBasicInfo(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectNoAxeViolations(page);
    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe('leaving for the creator hub', () => {
    // The service worker would answer the navigation with the app itself; here the creator hub is a stand-in page.
    test.use({ serviceWorkers: 'block' });

    test('Sign In on the last step opens the creator hub sign-up page', async ({ page, app }) => {
      await app.editConfig((config) => {
        config.redirectUrl = '/creator-hub-sign-up?from=wizard';
      });
      // The creator hub is another site: stand in for it so the navigation ends on a plain page.
      await page.route('**/creator-hub-sign-up**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Creator hub</title>' }));
      await page.goto(app.url);
      await completeApplication(page);
      const navigation = page.waitForRequest((request) => request.url().includes('/creator-hub-sign-up?from=wizard'));
      await page.getByRole('button', { name: 'Sign In' }).click();
      await navigation;
      await expect(page).toHaveTitle('Creator hub');
      expect(app.applications).toHaveLength(1);
    });

    test('with skipLastStep the application is sent from Sign In, just before the redirect', ANY_WIDTH, async ({ page, app }) => {
      await app.editConfig((config) => {
        config.skipLastStep = true;
        config.redirectUrl = '/creator-hub-sign-up';
      });
      await page.route('**/creator-hub-sign-up**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Creator hub</title>' }));
      await page.goto(app.url);
      await completeApplication(page);
      expect(app.applications).toHaveLength(0);
      const navigation = page.waitForRequest((request) => request.url().includes('/creator-hub-sign-up'));
      await page.getByRole('button', { name: 'Sign In' }).click();
      await navigation;
      await expect(page).toHaveTitle('Creator hub');
      expect(app.applications).toHaveLength(1);
      expect(JSON.parse(app.applications[0]?.body ?? 'null')).toEqual(EXPECTED_BODY);
    });
  });
});
