import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './helpers/axe';
import { completeApplication } from './helpers/complete-application';
import { fillBasicInfo } from '../support/default-programme.mjs';
import type { TelemetryCollector } from '../support/telemetry-collector';

// What the helpers type; none of it may reach either service.
const TYPED = ['ada@example.com', 'Lovelace', '5551234567', '12 Analytical Row', 'ada.at.home', 'Old vinyl blinds'];
const PROGRAMME_TITLE = 'Hartwell Creator Trade Programme';

function configureTelemetry(config: Record<string, unknown>, telemetry: TelemetryCollector): void {
  config.analytics = { host: telemetry.url, key: 'phc_e2e' };
  config.errorReporting = { dsn: telemetry.dsn };
}

function expectNothingTyped(telemetry: TelemetryCollector): void {
  for (const payload of telemetry.payloads) {
    for (const value of TYPED) expect(payload, `a telemetry payload contains "${value}"`).not.toContain(value);
  }
}

/** Requests for the telemetry libraries' own code, wherever they would come from. */
function telemetryChunks(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/posthog|sentry/i.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test.describe('telemetry', () => {
  // Sign In leaves for the creator hub; the service worker would answer that navigation with the app.
  test.use({
    serviceWorkers: 'block',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  });

  // posthog drops the events of an automated or headless browser (navigator.webdriver, the
  // HeadlessChrome brand); a creator's browser is neither.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
    });
  });

  test('each step is reported once, then Form Submitted and Sign In Clicked, and nothing typed is sent', async ({ page, app, telemetry }) => {
    await app.editConfig((config) => {
      configureTelemetry(config, telemetry);
      config.redirectUrl = '/creator-hub-sign-up';
    });
    await page.route('**/creator-hub-sign-up**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Creator hub</title>' }));
    await page.goto(app.url);
    await completeApplication(page, {
      onStep: async (index) => {
        // Back and forward again: a step already reached is not reported twice.
        if (index !== 2) return;
        await page.getByRole('button', { name: 'Back' }).click();
        await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
        await page.getByRole('button', { name: 'Continue', exact: true }).click();
        await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
      },
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveTitle('Creator hub');

    await expect.poll(() => telemetry.analyticsEvents.map((event) => event.event).filter((name) => name === 'Sign In Clicked')).toHaveLength(1);
    const reached = telemetry.analyticsEvents.filter((event) => event.event === 'Step Reached');
    expect(reached.map((event) => event.properties.Step)).toEqual([0, 1, 2, 3]);
    for (const event of reached) {
      expect(event.properties).toMatchObject({ Sync: PROGRAMME_TITLE, 'All steps count': 4 });
    }
    expect(telemetry.analyticsEvents.filter((event) => event.event === 'Form Submitted')).toHaveLength(1);
    const productEvents = telemetry.analyticsEvents.map((event) => event.event).filter((name) => !name.startsWith('$'));
    expect(productEvents).toEqual(['Step Reached', 'Step Reached', 'Step Reached', 'Form Submitted', 'Step Reached', 'Sign In Clicked']);
    expectNothingTyped(telemetry);
  });

  test('an error inside a block is reported without what was typed; the rest of the step and the draft stay', async ({ page, app, telemetry }) => {
    await app.editConfig((config) => {
      configureTelemetry(config, telemetry);
      const steps = config.steps as Array<{ blocks: unknown[] }>;
      steps[2]?.blocks.push({ component: 'RichText', data: { html: '<p>Photograph each room in daylight.</p>' } });
    });
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await fillBasicInfo(page);
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    // A fault that carries what was typed in its message, as careless code would. The next step
    // is built hidden and its blocks' effects run once the browser is idle, before Continue: the
    // fault goes in before the page is opened again, with the draft restored (once only, so the
    // boundary's Reload below shows the block).
    const typed = {
      email: await page.getByLabel('Email Address', { exact: true }).inputValue(),
      lastName: await page.getByLabel('Last Name', { exact: true }).inputValue(),
    };
    await page.addInitScript(
      ({ email, lastName, marker }) => {
        // Configured HTML is set through the browser's setHTML (or innerHTML behind DOMPurify elsewhere).
        const failOn = (html: string) => {
          if (!html.includes(marker) || sessionStorage.getItem('rich-text-failed')) return;
          sessionStorage.setItem('rich-text-failed', 'yes');
          throw new Error(`Rich text failed for ${email} (${lastName})`);
        };
        const target = Element.prototype as unknown as { setHTML?: (html: string, options?: unknown) => void };
        const setHtml = target.setHTML;
        if (setHtml) {
          target.setHTML = function (this: Element, html: string, options?: unknown) {
            failOn(html);
            setHtml.call(this, html, options);
          };
        }
        const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
        Object.defineProperty(Element.prototype, 'innerHTML', {
          ...innerHtml,
          set(this: Element, html: string) {
            failOn(html);
            innerHtml?.set?.call(this, html);
          },
        });
      },
      { ...typed, marker: 'Photograph each room' },
    );
    await page.reload();
    await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue(typed.email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'This part of the step could not be shown' })).toBeVisible();
    // The form on the same step still works.
    await expect(page.getByRole('combobox', { name: 'Pronouns', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await expect.poll(() => telemetry.errorEvents.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const report = JSON.stringify(telemetry.errorEvents);
    expect(report).toContain('Rich text failed for');
    expect(report).toContain('step content');
    expectNothingTyped(telemetry);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeVisible();
    await expect(page.getByText('Photograph each room in daylight.')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue('ada@example.com');
  });

  test('with neither configured, no telemetry code is loaded and no request is made', async ({ page, app, telemetry }) => {
    const chunks = telemetryChunks(page);
    await page.goto(app.url);
    await completeApplication(page);
    // Give idle-time loading every chance to happen.
    await page.waitForTimeout(1500);
    expect(chunks).toEqual([]);
    expect(telemetry.requestCount).toBe(0);
  });

  test('configured, the libraries load only after the Welcome step is interactive', async ({ page, app, telemetry }) => {
    await app.editConfig((config) => {
      configureTelemetry(config, telemetry);
    });
    // The moment the Welcome step's Continue button exists, on the page's own clock.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const ready = Array.from(document.querySelectorAll('button')).some((button) => button.textContent === 'Continue');
        if (!ready) return;
        (window as unknown as { welcomeAt: number }).welcomeAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(app.url);
    await expect.poll(() => telemetry.analyticsEvents.length).toBeGreaterThan(0);
    const { welcomeAt, telemetryStarts } = await page.evaluate(() => ({
      welcomeAt: (window as unknown as { welcomeAt: number }).welcomeAt,
      telemetryStarts: performance
        .getEntriesByType('resource')
        .filter((entry) => /posthog|sentry/i.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(telemetryStarts.length).toBeGreaterThan(0);
    for (const start of telemetryStarts) expect(start).toBeGreaterThan(welcomeAt);
  });

  test('a telemetry host that drops every connection changes nothing for the creator', async ({ page, app, telemetry }) => {
    await app.editConfig((config) => {
      configureTelemetry(config, telemetry);
    });
    telemetry.failWith('drop');
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(app.url);
    await completeApplication(page);
    await expect(page.getByText('Something went wrong. Please, try again later.')).toHaveCount(0);
    expect(app.applications).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await expect.poll(() => telemetry.requestCount).toBeGreaterThan(0);
  });
});

test.describe('telemetry offline', () => {
  test('configured but offline, the libraries cannot load and the wizard works as ever', async ({ page, context, app, telemetry }) => {
    await app.editConfig((config) => {
      configureTelemetry(config, telemetry);
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(app.url);
    await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Ada offline');
    // Idle time comes and goes: the libraries' chunks are not precached, so their import fails quietly.
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada offline');
    expect(pageErrors).toEqual([]);
  });
});
