// Measurement: continue on another device, against the receiver of `npm start` (server/start-server.mjs,
// its embedded store in a temporary folder) serving the build. A phone context with the CPU 4x
// slower holds Basic Info and half of Details; each run it presses "Continue on another device"
// and waits for the link in the dialog (the draft sealed with Web Crypto, its PUT stored and
// synced to disk by the receiver); the link is opened in a fresh desktop-sized context, also 4x
// slower, and the phone then takes the application back for the next run. Opening: navigation to
// the Details step drawn with the answers (the fragment taken, the GET, the decryption, the draft
// written, the wizard drawn). The dialog and QR code are loaded on the first press only, like a
// creator's one press; their bytes are a byte budget (tests/e2e/byte-budgets.spec.ts).
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/start-server.mjs';
import { PHONE_CONTEXT, throttleCpu } from './browser.mjs';
import { BASIC_INFO_HEADING, choose, continueTo, DETAILS_HEADING, fillBasicInfo, WELCOME } from '../support/default-programme.mjs';
import { summarize } from './stats.mjs';
/* global document -- the callback of waitForFunction runs in the page */

const CPU_THROTTLING = 4;
const BUTTON = 'Continue on another device';
const MEDIA_KIT = 'https://ada.example.com/kit.pdf';

/**
 * @param {{ browser: import('@playwright/test').Browser, dist: string, runs: number }} options
 */
export async function measureHandover({ browser, dist, runs }) {
  const root = await mkdtemp(join(tmpdir(), 'bench-handover-root-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-handover-data-'));
  await cp(dist, root, { recursive: true });
  const server = await startServer({ root, port: 0, dataDir, log: () => undefined });
  const phone = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await phone.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
    await continueTo(page, BASIC_INFO_HEADING);
    await fillBasicInfo(page);
    await continueTo(page, DETAILS_HEADING);
    await choose(page, 'Pronouns', 'She/her');
    await page.getByLabel('Link to your media kit', { exact: true }).fill(MEDIA_KIT);
    await throttleCpu(page, CPU_THROTTLING);
    /** @type {number[]} */
    const make = [];
    /** @type {number[]} */
    const open = [];
    let answersIntact = true;
    for (let run = 0; run < runs; run += 1) {
      const button = page.getByRole('button', { name: BUTTON });
      await button.waitFor();
      const pressed = Date.now();
      await button.click();
      await page.waitForFunction(() => /#resume=/.test(/** @type {HTMLInputElement | null} */ (document.querySelector('.dialog__link'))?.value ?? ''));
      make.push(Date.now() - pressed);
      const link = await page.getByRole('dialog').getByLabel('Your link', { exact: true }).inputValue();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

      const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const other = await desktop.newPage();
        await throttleCpu(other, CPU_THROTTLING);
        const started = Date.now();
        await other.goto(link, { waitUntil: 'commit' });
        const field = other.getByLabel('Link to your media kit', { exact: true });
        await other.getByRole('heading', { name: DETAILS_HEADING }).waitFor();
        await field.waitFor();
        open.push(Date.now() - started);
        answersIntact &&= (await field.inputValue()) === MEDIA_KIT;
      } finally {
        await desktop.close();
      }
      // Back on the phone for the next link (this one was opened: taking back withdraws nothing).
      await page.getByRole('button', { name: 'Take it back' }).click();
      await page.getByText('You took the application back.').waitFor();
    }
    return { runs, cpuThrottling: CPU_THROTTLING, makeMs: summarize(make), openMs: summarize(open), answersIntact };
  } finally {
    await phone.close();
    await server.close();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
