// A device updated to this build keeps what the previous build stored: a draft half done, an
// application waiting to be sent, an application continued on another device (whose application
// id and revision that build kept under `lineage`, now `handover-revision`, moved at the first
// read). The records are the previous build's own (tests/fixtures/stored-by-previous-build.json,
// written by capture-stored-records.spec.ts against that build: its writtenBy names the commit),
// written into a fresh browser before this build first runs there.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { seedDeviceStorage, type DeviceStorage } from './helpers/device-storage-dump';
import { DETAILS_HEADING, fillDetails } from '../support/default-programme.mjs';

interface Fixture {
  writtenBy: string;
  states: { draft: DeviceStorage; outbox: DeviceStorage; handedOver: DeviceStorage };
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/stored-by-previous-build.json', import.meta.url), 'utf8')) as Fixture;

/** The value kept under `key` in the app's store, in one of the fixture's states. */
function storedValue(state: DeviceStorage, key: string): Record<string, unknown> {
  const entry = state.databases
    .flatMap((db) => db.stores)
    .flatMap((store) => store.entries)
    .find(([stored]) => stored === key);
  if (!entry) throw new Error(`the fixture holds no ${key}`);
  return entry[1] as Record<string, unknown>;
}

test.describe(`what ${fixture.writtenBy.split(',')[0]} stored`, () => {
  test('a draft: the step it was on and its answers', async ({ page, app }) => {
    await seedDeviceStorage(page, app.url, fixture.states.draft);
    await page.goto(app.url);
    await expect(page.getByRole('heading', { name: DETAILS_HEADING })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Pronouns', exact: true })).toHaveValue('She/her');
    await expect(page.getByLabel('Link to your media kit', { exact: true })).toHaveValue('https://ada.example.com/kit.pdf');
    await expect(page.getByLabel('Link to your media kit', { exact: true })).toBeEditable();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Portland');
  });

  test('an application waiting to be sent: sent as it was queued, under its own ids', async ({ page, app }) => {
    const queued = storedValue(fixture.states.outbox, 'outbox');
    await seedDeviceStorage(page, app.url, fixture.states.outbox);
    await page.goto(app.url);
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
    expect(app.stored.size).toBe(1);
    const sent = app.applications.at(-1);
    expect(sent?.headers['application-id']).toBe(queued.applicationId);
    expect(sent?.headers['idempotency-key']).toBe(queued.key);
    expect(JSON.parse(sent?.body ?? 'null')).toEqual(queued.body);
  });

  test('an application continued on another device: the banner, a read-only form, its answers', async ({ page, app }) => {
    await seedDeviceStorage(page, app.url, fixture.states.handedOver);
    await page.goto(app.url);
    await expect(page.getByRole('heading', { name: DETAILS_HEADING })).toBeVisible();
    await expect(page.getByText(/This application continues on another device/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Take it back' })).toBeVisible();
    await expect(page.getByLabel('Link to your media kit', { exact: true })).toHaveValue('https://ada.example.com/kit.pdf');
    await expect(page.getByLabel('Link to your media kit', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue on another device' })).toHaveCount(0);
    expect(app.applications).toHaveLength(0);
  });

  test('an application taken back from another device: sent under its own id, numbered above what was handed over', async ({ page, app }) => {
    const handed = storedValue(fixture.states.handedOver, 'lineage') as { applicationId: string; revision: number };
    await seedDeviceStorage(page, app.url, fixture.states.handedOver);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Take it back' }).click();
    await expect(page.getByLabel('Link to your media kit', { exact: true })).toBeEditable();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
    const sent = app.applications.at(-1);
    expect(sent?.headers['application-id']).toBe(handed.applicationId);
    expect(Number(sent?.headers['application-revision'])).toBeGreaterThan(handed.revision);
  });
});
