import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { fileRow, fillDetailsButFiles, PHOTOS, THANKS, toDetails } from './helpers/files-programme';
import { exportedApplications } from './helpers/applications-cli';
import { aimAt } from './helpers/press';
import { receiverPerTest } from './helpers/receiver-per-test';
import { cameraJpeg, sha256 } from './helpers/test-files';

// Photos chosen a moment before Continue: one photo uploaded, then two large ones (4000 × 3000,
// made smaller on the device, one after the other) chosen, and Continue pressed as a person does
// as soon as the first of them is listed, while the field still says it is keeping files on this
// device. The application must be stored once, with all three photos whole, and nothing pressed
// but that Continue. The files programme is offered in English only (docs/examples/config.files.json
// has no other language), so the journey runs in English.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const receiver = receiverPerTest('chosen-before-continue', 'one run is enough: a whole journey against the real receiver', {
  config: join(ROOT, 'docs/examples/config.files.json'),
});

interface ExportedFile {
  field: string;
  name: string;
  size: number;
  sha256: string;
}

/** The applications the CLI exports. */
const exported = () => exportedApplications<{ files: ExportedFile[] }>(receiver.dataDir);

/** The SHA-256 of every upload's bytes on the receiver's disk. */
async function shasOnDisk(): Promise<Set<string>> {
  const folder = join(receiver.dataDir, 'uploads');
  const found = new Set<string>();
  for (const name of await readdir(folder).catch(() => [])) {
    if (/^[0-9a-f]{32}$/.test(name)) found.add(sha256(await readFile(join(folder, name))));
  }
  return found;
}

/** The bodies of the application PUTs sent, in order: the page's, and its service worker's had it sent one. */
function watchPuts(page: Page): Array<{ files?: Array<{ key: string; sha256: string }> }> {
  const puts: Array<{ files?: Array<{ key: string; sha256: string }> }> = [];
  page.context().on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/applications') puts.push(request.postDataJSON() as (typeof puts)[number]);
  });
  return puts;
}

test('two large photos chosen just before Continue, pressed when the first is listed, are all sent: the application is stored once with three photos', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const [first, second, third] = await Promise.all([cameraJpeg(1200, 900), cameraJpeg(4000, 3000), cameraJpeg(4000, 3000)]);
  const puts = watchPuts(page);
  await page.goto(receiver.server.url);
  await toDetails(page);
  await fillDetailsButFiles(page);

  const photos = page.getByLabel(PHOTOS, { exact: true });
  await photos.setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: first });
  await expect(fileRow(page, 'living-room.jpg')).toContainText('Uploaded', { timeout: 60_000 });

  await photos.setInputFiles([
    { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: second },
    { name: 'bedroom.jpg', mimeType: 'image/jpeg', buffer: third },
  ]);
  // The moment of the press: the first of the two is listed, the other is still being kept.
  await expect(fileRow(page, 'kitchen.jpg')).toBeVisible({ timeout: 60_000 });
  const field = page.locator('.file-field').filter({ has: photos });
  const keepingAtPress = await field.getByRole('status').textContent();
  const secondListedAtPress = await fileRow(page, 'bedroom.jpg').count();
  const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
  const aim = await aimAt(page, testInfo, continueButton, { spot: 'middle' });
  await aim.press(120);

  // The premise held: the field still said it was keeping files, and the second was not listed yet.
  expect(keepingAtPress).toMatch(/^Keeping 2 files on this device…$/);
  expect(secondListedAtPress).toBe(0);

  // No other press: the thank-you step comes once every photo is kept, uploaded and sent.
  await expect(page.getByRole('heading', THANKS)).toBeFocused({ timeout: 150_000 });
  // No body went out with fewer photos (the failure this proves gone: a PUT with 2 of the 3).
  expect(puts.length).toBeGreaterThan(0);
  for (const body of puts) expect(body.files?.filter((file) => file.key === 'roomPhotos')).toHaveLength(3);

  const applications = await exported();
  expect(applications).toHaveLength(1);
  const stored = applications[0]?.files.filter((file) => file.field === 'roomPhotos') ?? [];
  expect(stored.map((file) => file.name).sort()).toEqual(['bedroom.jpg', 'kitchen.jpg', 'living-room.jpg']);
  // Each whole: the bytes on the receiver's disk are those the application names.
  const onDisk = await shasOnDisk();
  for (const file of stored) expect(onDisk.has(file.sha256)).toBe(true);
});
