import { expect, test } from './fixtures';
import { completeApplication } from './helpers/complete-application';
import { fillBasicInfo } from '../support/default-programme.mjs';
import { breakIndexedDb, everythingStoredOnTheDevice } from './helpers/device-storage';

test.describe('drafts', () => {
  test('type, wait, reload: the same step and the same values', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await fillBasicInfo(page);
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
    await expect(page.getByLabel('ZIP', { exact: true })).toHaveValue('97201');
    await expect(page.getByRole('group', { name: 'Instagram' }).getByLabel('Follower count')).toHaveValue('12000');
    await expect(page.getByRole('group', { name: 'Do you have a blog or website?' }).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await expect(page.getByLabel('Website URL', { exact: true })).toHaveValue('https://ada.example.com');
  });

  test('type and reload at once, inside the debounce: nothing is lost', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Ada');
    await page.getByLabel('Last Name', { exact: true }).pressSequentially('Lovelace');
    await page.reload();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
    await expect(page.getByLabel('Last Name', { exact: true })).toHaveValue('Lovelace');
  });

  test('after acceptance no IndexedDB database holds the name or email, and a reload shows Creator Hub', async ({ page, app }) => {
    await page.goto(app.url);
    await completeApplication(page);
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
    await expect.poll(() => everythingStoredOnTheDevice(page)).not.toContain('ada@example.com');
    const stored = await everythingStoredOnTheDevice(page);
    expect(stored).toContain('submitted');
    for (const personal of ['ada@example.com', 'Lovelace', '5551234567', 'Analytical', 'ada.at.home']) expect(stored).not.toContain(personal);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('button', { name: 'Start a new application' }).click();
    await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
  });

  test('a corrupt draft is set aside with a notice, never a crash', async ({ page, app }) => {
    // The corrupt draft is written from a page of the app's origin that runs none of its code
    // (config.json): the app first reads the device with the draft already there. Written from
    // the app's own page, it raced the app's start (index.html's Welcome shows Continue before
    // the app has read anything), which then set it aside before the reload.
    await page.goto(new URL('config.json', app.url).href);
    await page.evaluate(async () => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('creator-wizard');
        open.onupgradeneeded = () => open.result.createObjectStore('state');
        open.onsuccess = () => {
          const tx = open.result.transaction('state', 'readwrite');
          tx.objectStore('state').put('this is not a draft', 'draft');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => {
            reject(new Error('write failed'));
          };
        };
      });
    });
    await page.goto(app.url);
    await expect(page.getByText('could not be read, so it has been set aside')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
    expect(await everythingStoredOnTheDevice(page)).toContain('corrupt-draft');
  });

  test('two tabs: the second follows read-only, can take over, and neither overwrites the other', async ({ page, context, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Ada');
    // Saved: the device now holds an application, so the second tab opens on it, not on Welcome.
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();

    const second = await context.newPage();
    await second.goto(app.url);
    await expect(second.getByText('open in another tab')).toBeVisible();
    await expect(second.getByLabel('Full Name', { exact: true })).toBeDisabled();
    await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
    await expect(second.getByLabel('Last Name', { exact: true })).toHaveValue('Lovelace');
    await expect(second.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');

    await second.getByRole('button', { name: 'Continue here instead' }).click();
    await expect(page.getByText('open in another tab')).toBeVisible();
    await expect(second.getByLabel('City', { exact: true })).toBeEnabled();
    await second.getByLabel('City', { exact: true }).fill('Portland');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Portland');

    // The first tab, now read-only, does not write over the second tab's edit.
    await page.reload();
    await second.reload();
    for (const tab of [page, second]) {
      await expect(tab.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
      await expect(tab.getByLabel('Last Name', { exact: true })).toHaveValue('Lovelace');
      await expect(tab.getByLabel('City', { exact: true })).toHaveValue('Portland');
    }
  });

  test('IndexedDB unavailable: the notice shows, and the wizard still completes', async ({ page, app }) => {
    await breakIndexedDb(page);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Ada');
    await expect(page.getByText('This device cannot save your application right now')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await completeApplication(page);
    expect(app.stored.size).toBe(1);
  });
});

test.describe('the submission queue', () => {
  test('offline when submitting: the error line; back online: sent without a click, exactly once', async ({ page, context, app }) => {
    await page.goto(app.url);
    await completeApplication(page, { stopBeforeSubmit: true });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your application');
    expect(app.applications).toHaveLength(0);
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
    expect(app.applications).toHaveLength(1);
    expect(app.stored.size).toBe(1);
  });

  test('500, 500, a hung request past the timeout, then 200: one application stored, one Idempotency-Key', async ({ page, app }) => {
    await app.editConfig((config) => {
      config.submitTimeoutMs = 2000;
    });
    app.answerWith({ status: 500 }, { status: 500 }, 'hang');
    await page.goto(app.url);
    await completeApplication(page, { stopBeforeSubmit: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your application');
    // The backoff (2 s, 4 s, 8 s) retries by itself until the server accepts.
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 40_000 });
    expect(app.applications).toHaveLength(4);
    const keys = new Set(app.applications.map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(app.stored.size).toBe(1);
  });

  test('a pending submission resumes after a reload', async ({ page, app }) => {
    app.answerWith({ status: 503 });
    await page.goto(app.url);
    await completeApplication(page, { stopBeforeSubmit: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your application');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
    expect(app.stored.size).toBe(1);
    expect(app.applications).toHaveLength(2);
  });

  test('a 4xx refusal is not retried by itself; the draft stays and Continue tries again', async ({ page, app }) => {
    app.answerWith({ status: 422 });
    await page.goto(app.url);
    await completeApplication(page, { stopBeforeSubmit: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your application');
    await page.waitForTimeout(3000);
    expect(app.applications).toHaveLength(1);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
    expect(app.stored.size).toBe(1);
  });

  test('an edit made while sending fails is what the receiver holds once it succeeds', async ({ page, context, app }) => {
    app.answerWith(...Array.from({ length: 30 }, () => ({ status: 503 })));
    await page.goto(app.url);
    await completeApplication(page, { stopBeforeSubmit: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your application');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByLabel('City', { exact: true }).fill('Seattle');
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    // The next automatic retry already carries the edit.
    await expect.poll(() => app.applications.some((request) => request.body.includes('Seattle')), { timeout: 30_000 }).toBe(true);

    app.answerNormally();
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 20_000 });

    expect(app.stored.size).toBe(1);
    expect([...app.stored.values()][0]).toMatchObject({ personalInfo: { city: 'Seattle' } });
    const requests = app.applications;
    expect(new Set(requests.map((request) => request.headers['application-id'])).size).toBe(1);
    const keyOf = (city: string) => new Set(requests.filter((request) => request.body.includes(city)).map((request) => request.headers['idempotency-key']));
    expect(keyOf('Portland').size).toBe(1);
    expect(keyOf('Seattle').size).toBe(1);
    expect([...keyOf('Portland')][0]).not.toBe([...keyOf('Seattle')][0]);
    expect(requests.at(-1)?.headers['application-revision']).toBe('2');
  });
});
