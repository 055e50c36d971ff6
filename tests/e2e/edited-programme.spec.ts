import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DIST_DIR } from '../support/dist-dir';
import { spawnReceiver, type ReceiverProcess } from '../support/receiver-process';
import { preparedDataDir } from '../support/prepared-data-dir';

// A deployer edits dist/config.json of a running `npm start` (README, "Configuring a programme"):
// a creator's first visit never sees the programme the build was made for, not in the title, not
// in the Welcome drawn at build time, and the manifest an install reads names the edited one.

let root: string;
let dataDir: string;
let server: ReceiverProcess;

test.beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'edited-programme-'));
  dataDir = await preparedDataDir('edited-programme-data-');
  await cp(DIST_DIR, root, { recursive: true });
  const config = JSON.parse(await readFile(join(root, 'config.json'), 'utf8')) as {
    title: string;
    programmeTitle: string;
    shortName?: string;
    description?: string;
    steps: Array<{ blocks: Array<{ component: string; data: { text?: string } }> }>;
  };
  config.title = 'Rideaux Creator Programme';
  config.programmeTitle = 'Rideaux Creator Programme';
  config.shortName = 'Rideaux';
  config.description = 'Apply to the Rideaux creator programme.';
  const heading = config.steps[0]?.blocks.find((block) => block.component === 'Heading');
  if (heading) heading.data.text = 'Become a Rideaux creator partner';
  await writeFile(join(root, 'config.json'), JSON.stringify(config, null, 2));
  server = await spawnReceiver({ root, dataDir });
});

test.afterEach(async () => {
  await server.stop();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

test('a first visit shows the edited programme from the first paint, and the manifest names it', async ({ page }) => {
  // What the page shows before any of its scripts has run: the title, and whether the build's Welcome is visible.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const prerendered = document.querySelector('.prerendered');
      const shown = prerendered !== null && [...prerendered.children].some((child) => child.getClientRects().length > 0);
      (window as unknown as { firstPaint: unknown }).firstPaint = { title: document.title, buildWelcomeShown: shown, text: document.body.innerText };
    });
  });
  await page.goto(`${server.url}/`);
  const firstPaint = (await page.evaluate(() => (window as unknown as { firstPaint: unknown }).firstPaint)) as {
    title: string;
    buildWelcomeShown: boolean;
    text: string;
  };
  expect(firstPaint.title).toBe('Rideaux Creator Programme');
  expect(firstPaint.buildWelcomeShown).toBe(false);
  expect(firstPaint.text).not.toContain('Hartwell');

  await expect(page.getByRole('heading', { level: 1, name: 'Become a Rideaux creator partner' })).toBeVisible();
  await expect(page).toHaveTitle('Rideaux Creator Programme');
  await expect(page.getByText('Become a Hartwell creator partner')).toHaveCount(0);
  // The wizard works from there: Continue opens Basic Info.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();

  const manifest = (await (await page.request.get(`${server.url}/manifest.webmanifest`)).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: 'Rideaux Creator Programme', short_name: 'Rideaux', description: 'Apply to the Rideaux creator programme.' });
  expect(JSON.stringify(manifest)).not.toContain('Hartwell');
});
