import { ANY_WIDTH } from './helpers/any-width';
import { readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { applicationsCli, exportedApplications } from './helpers/applications-cli';
import { expectNoAxeViolations } from './helpers/axe';
import { fileRow, fillDetailsButFiles, MEDIA_KIT, PHOTOS, THANKS, toDetails } from './helpers/files-programme';
import { startCuttingProxy } from './helpers/cutting-proxy';
import { receiverPerTest } from './helpers/receiver-per-test';
import { cameraJpeg, executable, hasExif, pdfOf, screenshotPng, sha256 } from './helpers/test-files';

// The proof of files in Chromium: on `npm start`'s real receiver, with the example programme
// that asks for them (docs/examples/config.files.json: room photos, required, and a PDF media kit
// on the Details step), driven as a person does, checked with the applications CLI and on disk.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const receiver = receiverPerTest('files', 'one run is enough: the phone layout is checked in its own context', {
  config: join(ROOT, 'docs/examples/config.files.json'),
});

/** The example programme's imageMaxEdge for the photos: the default. */
const IMAGE_MAX_EDGE = 2560;
const MB = 1024 * 1024;

interface ExportedFile {
  field: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
  width?: number;
  height?: number;
}

const cli = (...args: string[]) => applicationsCli(receiver.dataDir, ...args);

/** The applications the CLI exports. */
const exported = () => exportedApplications<{ files: ExportedFile[] } & Record<string, unknown>>(receiver.dataDir);

/** The SHA-256 of every file's bytes under the data folder's uploads/ (not the upload's own .json record). */
async function bytesOnDisk(): Promise<Map<string, Buffer>> {
  const folder = join(receiver.dataDir, 'uploads');
  const names = await readdir(folder).catch(() => []);
  const found = new Map<string, Buffer>();
  for (const name of names) {
    if (!/^[0-9a-f]{32}$/.test(name)) continue;
    const bytes = await readFile(join(folder, name));
    found.set(sha256(bytes), bytes);
  }
  return found;
}

function fileField(page: Page, label: string): Locator {
  return page.locator('.file-field').filter({ has: page.getByLabel(label, { exact: true }) });
}

async function send(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

test('files chosen offline are kept across a reload, uploaded once online, stored with the application (sizes, hashes, no GPS), and erased from the disk', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  const photo = await cameraJpeg(3200, 2400);
  expect(hasExif(photo)).toBe(true);
  const pdf = pdfOf(400_000);
  const puts: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/applications') puts.push(response.status());
  });

  await page.goto(receiver.server.url);
  await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  await toDetails(page);
  await fillDetailsButFiles(page);

  // One bar of signal, then none: the files are chosen offline.
  await context.setOffline(true);
  await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(fileRow(page, 'IMG_0042.jpg')).toContainText('Upload paused');
  await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles({ name: 'media-kit.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(fileRow(page, 'media-kit.pdf')).toContainText('Upload paused');
  await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
  const sizes = await page.locator('.file-item__size').allTextContents();
  expect(sizes).toHaveLength(2);

  // Reloaded offline (from the service worker): the files are still there, with their size and the photo's thumbnail.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeVisible();
  // Kept and not yet sent, and paused as before the reload: here the reloaded page's browser says
  // it is online (as a phone with a signal bar and no network does), and the first upload that
  // gets no answer pauses every file.
  await expect(fileRow(page, 'IMG_0042.jpg')).toContainText('Upload paused');
  await expect(fileRow(page, 'media-kit.pdf')).toContainText('Upload paused');
  await expect(fileRow(page, 'IMG_0042.jpg')).not.toContainText('Uploaded');
  await expect(page.locator('.file-item__size')).toHaveText(sizes);
  const thumbnail = fileRow(page, 'IMG_0042.jpg').locator('img');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // The small picture the worker drew (168 px on its shortest edge), not the 2560 px photo decoded to fill 56 px.
  expect(await thumbnail.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([224, 168]);
  await expect(page.getByRole('combobox', { name: 'Pronouns', exact: true })).toHaveValue('She/her');
  expect(puts).toEqual([]);

  // Back online: both upload by themselves.
  await context.setOffline(false);
  await expect(fileRow(page, 'IMG_0042.jpg')).toContainText('Uploaded', { timeout: 20_000 });
  await expect(fileRow(page, 'media-kit.pdf')).toContainText('Uploaded', { timeout: 20_000 });
  // The thumbnail stayed through the upload (it is not made again at each step).
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  // Decoded for painting too (it is decoding="async"), so the screenshot shows it.
  await thumbnail.evaluate((image: HTMLImageElement) => image.decode());
  await fileField(page, PHOTOS).screenshot({ path: testInfo.outputPath('file-field-desktop.png') });
  await fileField(page, MEDIA_KIT).screenshot({ path: testInfo.outputPath('file-field-desktop-pdf.png') });
  await expectNoAxeViolations(page);

  await send(page);
  await expect(page.getByRole('heading', THANKS)).toBeFocused({ timeout: 20_000 });
  expect(puts).toEqual([201]);

  // Stored with both files: what the export says of them is what is on the disk.
  const [application, ...others] = await exported();
  expect(others).toEqual([]);
  const files = application?.files ?? [];
  const stored = await bytesOnDisk();
  expect(stored.size).toBe(2);
  const photoFile = files.find((file) => file.field === 'roomPhotos');
  const pdfFile = files.find((file) => file.field === 'mediaKit');
  // A document has no width or height.
  expect(pdfFile).toEqual({
    field: 'mediaKit',
    name: 'media-kit.pdf',
    type: 'application/pdf',
    size: pdf.length,
    sha256: sha256(pdf),
    width: null,
    height: null,
  });
  expect(photoFile).toMatchObject({ field: 'roomPhotos', name: 'IMG_0042.jpg', type: 'image/jpeg', width: IMAGE_MAX_EDGE, height: 1920 });
  const photoBytes = stored.get(photoFile?.sha256 ?? '');
  expect(photoBytes?.length).toBe(photoFile?.size);
  expect(stored.get(sha256(pdf))?.length).toBe(pdf.length);
  // Made smaller on the device, and its location left there.
  expect(photoFile?.size).toBeLessThan(photo.length);
  expect(hasExif(photoBytes ?? Buffer.alloc(0))).toBe(false);

  // Erased on request: the files go with the application.
  expect(await cli('erase', '--email', 'ada@example.com')).toBe('Erased 1 application(s), 1 revision(s) and 2 file(s), of ada@example.com.\n');
  expect((await bytesOnDisk()).size).toBe(0);
  expect(await cli('export')).toBe('');
});

test(
  'an upload cut mid-body, then the page reloaded mid-upload, resumes from the receiver’s offset; the application waits for it and is sent once it is whole',
  ANY_WIDTH,
  async ({ page }) => {
    test.setTimeout(150_000);
    const proxy = await startCuttingProxy(receiver.server.url);
    try {
      const png = await screenshotPng(1200, 900);
      const pdf = pdfOf(3 * MB);
      await page.goto(proxy.url);
      await toDetails(page);
      await fillDetailsButFiles(page);
      await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'living-room.png', mimeType: 'image/png', buffer: png });
      await expect(fileRow(page, 'living-room.png')).toContainText('Uploaded');

      // A slow connection (500 kB/s) that drops the media kit's upload after 1 MB.
      proxy.slowPatches(500_000);
      proxy.cutNextPatch(1_000_000);
      await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles({ name: 'media-kit.pdf', mimeType: 'application/pdf', buffer: pdf });
      await proxy.cutDone();
      const atCut = proxy.patchBytes;
      // The client goes on at once from the receiver's offset; the page is reloaded while it does.
      await expect.poll(() => proxy.patchBytes, { timeout: 20_000 }).toBeGreaterThan(atCut + 300_000);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeVisible();
      await expect(fileRow(page, 'media-kit.pdf')).toBeVisible();

      // Sent while the media kit still uploads: the application waits for it, and says so.
      await send(page);
      await expect(page.getByText('Uploading 2 of 2 files…')).toBeVisible();
      await expect(page.getByRole('heading', THANKS)).toBeFocused({ timeout: 30_000 });

      // Nothing was PUT before every byte was acknowledged, and it was PUT once.
      const puts = proxy.log.filter((entry) => entry.method === 'PUT' && entry.path === '/api/applications');
      expect(puts.map((entry) => `${entry.what} ${String(entry.status)}`)).toEqual(['asked 0', 'answered 201']);
      const firstPut = proxy.log.findIndex((entry) => entry.method === 'PUT');
      const lastPatch = proxy.log.findLastIndex((entry) => entry.method === 'PATCH');
      expect(proxy.log[lastPatch]).toMatchObject({ what: 'answered', status: 204 });
      expect(firstPut).toBeGreaterThan(lastPatch);
      expect(proxy.cuts).toBe(1);

      // Resumed, not sent again from the start: at most 1.6 times the bytes stored went out.
      const [application] = await exported();
      const files = application?.files ?? [];
      const storedBytes = files.reduce((sum, file) => sum + file.size, 0);
      expect(files.find((file) => file.field === 'mediaKit')).toMatchObject({ name: 'media-kit.pdf', size: pdf.length, sha256: sha256(pdf) });
      expect(proxy.patchBytes).toBeLessThanOrEqual(1.6 * storedBytes);
      test.info().annotations.push({
        type: 'bytes',
        description: `${String(proxy.patchBytes)} sent through the proxy for ${String(storedBytes)} stored (${(proxy.patchBytes / storedBytes).toFixed(2)}×)`,
      });
      // The bytes on the disk are the ones kept on the device.
      const onDisk = await bytesOnDisk();
      expect(onDisk.get(sha256(pdf))?.equals(pdf)).toBe(true);
    } finally {
      await proxy.close();
    }
  },
);

test('bad files: one too large, an empty one and a program named .jpg are refused on the device by name; a program named .heic is refused by the receiver; nothing else is lost', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(receiver.server.url);
  await toDetails(page);
  await fillDetailsButFiles(page);

  // Too large (the media kit takes 25 MB) and empty: refused on the device at once, by name.
  const large = test.info().outputPath('annual-report.pdf');
  await writeFile(large, pdfOf(10_000));
  await truncate(large, 25 * MB + 1);
  await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles(large);
  await expect(fileField(page, MEDIA_KIT).getByRole('alert')).toHaveText('annual-report.pdf was not added: it is larger than 26 MB.');
  await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
  await expect(fileField(page, MEDIA_KIT).getByRole('alert')).toHaveText('empty.pdf was not added: it is empty (0 bytes).');
  await expect(fileField(page, MEDIA_KIT).getByRole('button', { name: /^Remove / })).toHaveCount(0);

  // A program renamed .jpg does not start as a photo: refused on the device, by name.
  await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: executable() });
  await expect(fileField(page, PHOTOS).getByRole('alert')).toHaveText('holiday.jpg was not added: it is not a photo, though its name says so.');
  await expect(fileField(page, PHOTOS).getByRole('button', { name: /^Remove / })).toHaveCount(0);
  // Renamed .heic, a type this browser cannot decode: the page keeps it as it is; the receiver
  // judges its bytes and refuses the application, naming the file and its field.
  await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'holiday.heic', mimeType: 'image/heic', buffer: executable() });
  await expect(fileRow(page, 'holiday.heic')).toBeVisible();
  await send(page);
  // Refused (422, 'file-type' on files.roomPhotos[0]) and not stored: the line beside the button
  // names the file and its field by its label and asks for another file, rather than "try again in
  // a moment"; the file's own row says it was refused, no longer "Uploaded".
  await expect(page.getByRole('alert').filter({ hasText: `“holiday.heic” in “${PHOTOS}” is of a type the programme does not accept` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(fileRow(page, 'holiday.heic')).toContainText('Refused by the programme: it does not accept files of this type.');
  await expect(fileRow(page, 'holiday.heic')).not.toContainText('Uploaded');
  await expect(page.getByRole('alert').filter({ hasText: 'We could not send your application' })).toHaveCount(0);
  expect(await cli('export')).toBe('');
  // Nothing else lost: the answers are there; the creator swaps the file and sends.
  await expect(page.getByRole('combobox', { name: 'Pronouns', exact: true })).toHaveValue('She/her');
  await page.getByRole('button', { name: 'Remove holiday.heic' }).click();
  await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: await screenshotPng(640, 480) });
  await expect(fileRow(page, 'kitchen.png')).toContainText('Uploaded', { timeout: 20_000 });
  await send(page);
  await expect(page.getByRole('heading', THANKS)).toBeFocused({ timeout: 20_000 });
  const [application] = await exported();
  expect(application?.files.map((file) => `${file.field} ${file.name} ${file.type} ${String(file.width)}×${String(file.height)}`)).toEqual([
    'roomPhotos kitchen.png image/png 640×480',
  ]);
});

test('on a 390 px phone the file field and its kept files fit the screen', ANY_WIDTH, async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await page.goto(receiver.server.url);
    await toDetails(page);
    const input = page.getByLabel(PHOTOS, { exact: true });
    await input.setInputFiles([
      { name: 'PXL_20260412_093012345.MP.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1600, 1200) },
      { name: 'bedroom.png', mimeType: 'image/png', buffer: await screenshotPng(900, 1600) },
    ]);
    await expect(fileRow(page, 'PXL_20260412_093012345.MP.jpg')).toContainText('Uploaded', { timeout: 20_000 });
    await expect(fileRow(page, 'bedroom.png')).toContainText('Uploaded', { timeout: 20_000 });
    const field = fileField(page, PHOTOS);
    await field.scrollIntoViewIfNeeded();
    await field.screenshot({ path: test.info().outputPath('file-field-phone.png') });
    // Nothing wider than the screen, and every Remove button whole on it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const remove of await field.getByRole('button', { name: /^Remove / }).all()) {
      const box = await remove.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
  } finally {
    await context.close();
  }
});

test('on a 390 px phone, the first file’s Remove stays where it is when the line saying files are being kept goes', ANY_WIDTH, async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await page.goto(receiver.server.url);
    await toDetails(page);
    const field = fileField(page, PHOTOS);
    // Three camera photos: the first is listed while the other two are still being made smaller.
    const photos = [await cameraJpeg(3000, 2250), await cameraJpeg(3000, 2250), await cameraJpeg(3000, 2250)];
    await page
      .getByLabel(PHOTOS, { exact: true })
      .setInputFiles(['salon', 'cuisine', 'chambre'].map((name, index) => ({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: photos[index]! })));
    // Read in one go in the page, so the line is known to be showing when the button is measured.
    const whileKeeping = await page.waitForFunction(
      () => {
        const status = document.querySelector('.file-field__status [role="status"]');
        const remove = document.querySelector('.file-item__remove');
        if (!status?.textContent || !remove) return null;
        const box = remove.getBoundingClientRect();
        return { top: box.top + window.scrollY, left: box.left };
      },
      undefined,
      { polling: 'raf', timeout: 90_000 },
    );
    const before = await whileKeeping.jsonValue();
    await expect(field.locator('.file-field__status [role="status"]')).toBeEmpty({ timeout: 30_000 });
    await expect(field.getByRole('button', { name: /^Remove / })).toHaveCount(3);
    const after = await page.evaluate(() => {
      const box = document.querySelector('.file-item__remove')!.getBoundingClientRect();
      return { top: box.top + window.scrollY, left: box.left };
    });
    expect(after).toEqual(before);
  } finally {
    await context.close();
  }
});
