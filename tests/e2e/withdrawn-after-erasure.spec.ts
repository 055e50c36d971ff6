import { execFile as execFileCallback } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { completeApplication } from './helpers/complete-application';
import { receiverPerTest } from './helpers/receiver-per-test';
import { everythingStoredOnTheDevice } from './helpers/device-storage';

// An erased application's late retry, on the page's side: the receiver stored the application but
// its 201 never reached the phone; the creator then asked for erasure (`erase --email`); the phone's retry is
// answered 410 Gone. The page takes that as final: no more retries, the draft and every answer
// cleared from the device as after an acceptance, and the wizard says the application was withdrawn.
// `npm start`'s real receiver, the real CLI.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const execFile = promisify(execFileCallback);

const receiver = receiverPerTest('withdrawn', 'one run is enough: the ending is the same on every screen');

async function cli(...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: receiver.dataDir };
  delete env.DATABASE_URL;
  return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env })).stdout;
}

test('a retry answered 410 after an erasure ends the application: withdrawn, nothing kept, nothing sent again', async ({ page }) => {
  // A real receiver, the CLI in its own process and the whole form: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const puts: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/applications') puts.push(response.status());
  });
  // The first PUT reaches the receiver and is stored, but its answer is lost on the way back; then
  // the phone is offline (its retries reach nothing) until the erasure is done.
  let lost = 0;
  let offline = true;
  await page.route('**/api/applications', async (route) => {
    if (route.request().method() !== 'PUT' || !offline) return route.fallback();
    if (lost > 0) return route.abort('internetdisconnected');
    lost += 1;
    const stored = await route.fetch();
    expect(stored.status()).toBe(201);
    return route.abort('connectionreset');
  });
  await page.goto(receiver.server.url);
  await completeApplication(page, { stopBeforeSubmit: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not send your application');
  expect(lost).toBe(1);

  // The creator asks the programme to erase them, before the phone's retry.
  expect(await cli('erase', '--email', 'ADA@example.com')).toBe('Erased 1 application(s), 1 revision(s), of ADA@example.com.\n');

  // Back online, the creator presses Continue again (the queue would retry by itself on its backoff too).
  offline = false;
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This application was withdrawn' })).toBeVisible();
  // Nothing to thank for and no sign-up to go on to: the first step under that line, not the thanks.
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toHaveCount(0);
  await expect(page.getByRole('alert')).not.toContainText('could not send');
  expect(puts).toEqual([410]);

  // Cleared as after an acceptance: neither the answers nor the queued body stay on the device.
  const stored = await everythingStoredOnTheDevice(page);
  expect(stored).not.toContain('ada@example.com');
  expect(stored).not.toContain('Lovelace');
  // And nothing goes out again: no retry after the backoff, nothing stored on the receiver.
  await page.waitForTimeout(3_000);
  expect(puts).toEqual([410]);
  expect(await cli('export')).toBe('');
});
