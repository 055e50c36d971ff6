// Writes tests/fixtures/stored-by-previous-build.json: what a build keeps on a device, in three
// states a creator can leave it in (a draft half done, an application waiting to be sent, an
// application continued on another device). Run it against the build BEFORE a change that
// renames anything stored, so that the fixture is written by that build and not imagined:
//
//   git checkout <previous commit> && npx vite build && npx vite build --config vite.server.config.ts
//   cp -r dist /tmp/previous-dist && git checkout -
//   CAPTURE_STORED_RECORDS=<previous commit> APP_DIST=/tmp/previous-dist \
//     npx playwright test capture-stored-records --project=desktop
//
// stored-by-previous-build.spec.ts then opens each state with the current build. Skipped unless
// asked for: the suite reads the fixture, it never rewrites it.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeApplication } from './helpers/complete-application';
import { DETAILS_HEADING, choose, continueTo, fillBasicInfo } from '../support/default-programme.mjs';
import { dumpDeviceStorage, type DeviceStorage } from './helpers/device-storage-dump';

const COMMIT = process.env.CAPTURE_STORED_RECORDS;
const FIXTURE = fileURLToPath(new URL('../fixtures/stored-by-previous-build.json', import.meta.url));

test.beforeEach(() => {
  test.skip(!COMMIT || test.info().project.name !== 'desktop', 'writes the fixture only when asked, naming the commit that built APP_DIST');
});

async function halfway(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await continueTo(page, 'Basic Information');
  await fillBasicInfo(page);
  await continueTo(page, DETAILS_HEADING);
  await choose(page, 'Pronouns', 'She/her');
  await page.getByLabel('Link to your media kit', { exact: true }).fill('https://ada.example.com/kit.pdf');
  // "Saved on this device" may still be the previous save's: wait for the last answer to be stored.
  await expect.poll(async () => JSON.stringify(await dumpDeviceStorage(page))).toContain('kit.pdf');
}

test('capture what the build keeps on a device: a draft, a queued application, a hand-over', async ({ browser, app }) => {
  const states: Record<string, DeviceStorage> = {};

  const drafting = await browser.newContext();
  const draftPage = await drafting.newPage();
  await halfway(draftPage, app.url);
  states.draft = await dumpDeviceStorage(draftPage);
  await drafting.close();

  // Every attempt fails with 503: the application stays in the outbox, waiting for a retry.
  app.answerWith(...Array.from({ length: 50 }, () => ({ status: 503 })));
  const sending = await browser.newContext();
  const sendPage = await sending.newPage();
  await sendPage.goto(app.url);
  await completeApplication(sendPage, { stopBeforeSubmit: true });
  await sendPage.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(sendPage.getByRole('alert')).toContainText('We could not send your application');
  states.outbox = await dumpDeviceStorage(sendPage);
  await sending.close();
  app.answerNormally();

  const leaving = await browser.newContext();
  const leavePage = await leaving.newPage();
  await halfway(leavePage, app.url);
  await leavePage.getByRole('button', { name: 'Continue on another device' }).click();
  const dialog = leavePage.getByRole('dialog', { name: 'Continue on another device' });
  await expect(dialog.getByLabel('Your link', { exact: true })).toHaveValue(/#resume=/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(leavePage.getByText(/This application continues on another device/)).toBeVisible();
  states.handedOver = await dumpDeviceStorage(leavePage);
  await leaving.close();

  const fixture = {
    writtenBy: `commit ${COMMIT ?? ''}, its build driven by tests/e2e/capture-stored-records.spec.ts`,
    capturedAt: new Date().toISOString(),
    states,
  };
  await writeFile(FIXTURE, `${JSON.stringify(fixture, null, 2)}\n`);
});
