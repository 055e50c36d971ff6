import { ANY_WIDTH } from './helpers/any-width';
import { expect, test } from './fixtures';

test.describe('the wizard shell', () => {
  test('Welcome → Continue → Back, with the step bar and focus following', async ({ page, app }, testInfo) => {
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Become a Hartwell creator partner' })).toBeVisible();
    const phone = testInfo.project.name === 'phone';
    const stepBar = page.getByRole('navigation', { name: 'Application progress' });
    if (phone) await expect(stepBar).toBeHidden();
    else await expect(stepBar.locator('[aria-current="step"]')).toHaveText(/Welcome/);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const basicInfoHeading = page.getByRole('heading', { name: 'Basic Information' });
    await expect(basicInfoHeading).toBeFocused();
    if (!phone) await expect(stepBar.locator('[aria-current="step"]')).toHaveText(/Basic Info/);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeFocused();
  });

  test('any other path lands on / with history replaced', ANY_WIDTH, async ({ page, app }) => {
    await page.goto(`${app.url}/some/deep/path?ref=mail`);
    await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
    // Welcome is painted from the HTML before the app runs; the app then replaces the path.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // Replaced, not pushed: going back leaves the site instead of returning to the deep path.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
  });

  test('title and lang follow an edited dist/config.json without a rebuild', ANY_WIDTH, async ({ page, app }) => {
    await app.editConfig((config) => {
      config.title = 'Bewerbung für Creator';
      config.lang = 'de';
    });
    await page.goto(app.url);
    await expect(page).toHaveTitle('Bewerbung für Creator');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  for (const sanitizer of ["the browser's HTML Sanitizer", 'DOMPurify'] as const) {
    test(`configured footer HTML runs neither scripts nor event handlers; links open safely (${sanitizer})`, ANY_WIDTH, async ({ page, app }) => {
      // Browsers without the HTML Sanitizer API (Safari, older Firefox) get DOMPurify instead.
      if (sanitizer === 'DOMPurify') {
        await page.addInitScript(() => {
          Reflect.deleteProperty(Element.prototype, 'setHTML');
        });
      }
      const purifyRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('dompurify')) purifyRequests.push(request.url());
      });
      await app.editConfig((config) => {
        config.footerHtml =
          '<p>Hello <img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' +
          '<a href="javascript:window.__pwned=3">js link</a> <a href="https://partner.example/">partner</a></p>';
      });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(app.url);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('Hello');
      // The wizard built behind Welcome holds the footer too, hidden: the one on screen is pressed.
      await footer.getByText('js link').click();
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      await expect(footer.locator('script')).toHaveCount(0);
      await expect(footer.locator('[onerror]')).toHaveCount(0);
      const partner = footer.getByRole('link', { name: 'partner' });
      await expect(partner).toHaveAttribute('target', '_blank');
      await expect(partner).toHaveAttribute('rel', 'noopener noreferrer');
      const privacy = footer.getByRole('link', { name: 'Privacy policy' });
      await expect(privacy).toHaveAttribute('target', '_blank');
      await expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
      expect(purifyRequests.length > 0).toBe(sanitizer === 'DOMPurify');
    });
  }

  test('an invalid configuration shows a readable error screen naming each problem', async ({ page, app }) => {
    await app.editConfig((config) => {
      config.steps = 'four';
      delete config.redirectUrl;
    });
    await page.goto(app.url);
    await expect(page.getByRole('heading', { name: 'This application cannot open yet' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'steps: expected an array' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'redirectUrl: expected a string, but it is missing' })).toBeVisible();
  });

  test('an unknown block component and broken JSON are reported, never a blank page', ANY_WIDTH, async ({ page, app }) => {
    await app.editConfig((config) => {
      (config.steps as Array<{ blocks: unknown[] }>)[0]?.blocks.push({ component: 'Carousel', data: {} });
    });
    await page.goto(app.url);
    await expect(page.getByText(/steps\.0\.blocks\.3\.component: the block component "Carousel" is unknown/)).toBeVisible();

    await app.writeConfigText('{ "title": ');
    await page.reload();
    await expect(page.getByText(/config\.json: is not valid JSON/)).toBeVisible();
  });
});
