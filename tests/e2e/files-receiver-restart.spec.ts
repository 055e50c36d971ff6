import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { exportedApplications } from './helpers/applications-cli';
import { DIST_DIR } from '../support/dist-dir';
import { spawnReceiver, type ReceiverProcess } from '../support/receiver-process';
import { startCuttingProxy, type CuttingProxy } from './helpers/cutting-proxy';
import { fileRow, fillDetailsButFiles, MEDIA_KIT, PHOTOS, THANKS, toDetails } from './helpers/files-programme';
import { pdfOf, screenshotPng, sha256 } from './helpers/test-files';
import { preparedDataDir } from '../support/prepared-data-dir';

// A receiver that crashes (kill -9) or is stopped (SIGTERM) mid-upload and starts again on its port,
// behind a proxy that answers 502 while it is down, as nginx does (docs/deploy/nginx.conf); and a
// file removed, then chosen again. Each ends with the application stored once with every file
// whole, and no press but Continue: the page never asks to remove a file and choose it again.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MB = 1024 * 1024;
/** What the page says when it gives up on a file and asks the creator to choose it again (messages-en-form.ts). */
const CHOOSE_AGAIN = /Remove it there and choose it again/;

let root = '';
let dataDir = '';
let receiver: ReceiverProcess | null = null;
let proxy: CuttingProxy | null = null;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a receiver restarted mid-upload is the same on every layout');
  root = await mkdtemp(join(tmpdir(), 'restart-'));
  dataDir = await preparedDataDir('restart-data-');
  await cp(DIST_DIR, root, { recursive: true });
  await cp(join(ROOT, 'docs/examples/config.files.json'), join(root, 'config.json'));
  receiver = await spawnReceiver({ root, dataDir });
  proxy = await startCuttingProxy(receiver.url, '/api/uploads/', { badGatewayWhenDown: true });
});

test.afterEach(async () => {
  await proxy?.close();
  await receiver?.stop();
  proxy = null;
  receiver = null;
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

function running<T>(value: T | null): T {
  if (!value) throw new Error('set up by beforeEach');
  return value;
}

/** The applications the CLI exports. */
const exported = () => exportedApplications<{ files: Array<{ field: string; name: string; size: number; sha256: string }> }>(dataDir);

/** The bytes of every upload on the receiver's disk, by their SHA-256. */
async function bytesOnDisk(): Promise<Map<string, Buffer>> {
  const folder = join(dataDir, 'uploads');
  const found = new Map<string, Buffer>();
  for (const name of await readdir(folder).catch(() => [])) {
    if (!/^[0-9a-f]{32}$/.test(name)) continue;
    const bytes = await readFile(join(folder, name));
    found.set(sha256(bytes), bytes);
  }
  return found;
}

/** Records whether the page ever showed the line asking the creator to choose a file again. */
async function watchForChooseAgain(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript((pattern: string) => {
    const asked = new RegExp(pattern);
    const seen = { asked: false };
    (window as unknown as { chooseAgainShown: () => boolean }).chooseAgainShown = () => seen.asked;
    new MutationObserver(() => {
      if (!seen.asked && asked.test(document.body.textContent)) seen.asked = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, CHOOSE_AGAIN.source);
  return () => page.evaluate(() => (window as unknown as { chooseAgainShown: () => boolean }).chooseAgainShown());
}

function applicationPuts(log: CuttingProxy['log']): string[] {
  return log.filter((entry) => entry.what === 'answered' && entry.method === 'PUT' && entry.path === '/api/applications').map((entry) => String(entry.status));
}

for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
  test(`a receiver ${signal === 'SIGKILL' ? 'killed (kill -9)' : 'stopped (SIGTERM)'} mid-upload behind a proxy answering 502 resumes the same upload; the application is stored once with the file whole`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const through = running(proxy);
    const png = await screenshotPng(1200, 900);
    const pdf = pdfOf(5 * MB);
    const chooseAgainShown = await watchForChooseAgain(page);
    await page.goto(through.url);
    await toDetails(page);
    await fillDetailsButFiles(page);
    await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'living-room.png', mimeType: 'image/png', buffer: png });
    await expect(fileRow(page, 'living-room.png')).toContainText('Uploaded');

    // 1 MB/s; after 2 MB of the PDF the receiver goes down.
    through.slowPatches(MB);
    const before = through.patchBytes;
    await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles({ name: 'media-kit.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => through.patchBytes - before, { timeout: 30_000 }).toBeGreaterThan(2 * MB);
    const down = running(receiver);
    const port = new URL(down.url).port;
    down.child.kill(signal);
    await new Promise<void>((resolve) => {
      if (down.child.exitCode !== null || down.child.signalCode !== null) resolve();
      else
        down.child.once('exit', () => {
          resolve();
        });
    });
    // Down for a while: the proxy answers 502 to what the page asks meanwhile.
    await expect
      .poll(() => through.log.some((entry) => entry.what === 'answered' && entry.status === 502 && entry.path.startsWith('/api/uploads/')), { timeout: 15_000 })
      .toBe(true);
    await page.waitForTimeout(1500);
    receiver = await spawnReceiver({ root, dataDir, port: Number(port) });

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', THANKS)).toBeFocused({ timeout: 90_000 });

    expect(await chooseAgainShown()).toBe(false);
    // The same upload went on: two created in all (the photo and the PDF), and the PUT taken at once.
    expect(through.log.filter((entry) => entry.what === 'asked' && entry.method === 'POST' && entry.path === '/api/uploads')).toHaveLength(2);
    expect(applicationPuts(through.log)).toEqual(['201']);
    const applications = await exported();
    expect(applications).toHaveLength(1);
    expect(applications[0]?.files.find((file) => file.field === 'mediaKit')).toMatchObject({ name: 'media-kit.pdf', size: pdf.length, sha256: sha256(pdf) });
    expect((await bytesOnDisk()).get(sha256(pdf))?.equals(pdf)).toBe(true);
  });
}

test('a file uploaded, removed, then chosen again is uploaded again and sent with the application', async ({ page }) => {
  test.setTimeout(120_000);
  const through = running(proxy);
  const png = await screenshotPng(1200, 900);
  const pdf = pdfOf(400_000);
  const chooseAgainShown = await watchForChooseAgain(page);
  await page.goto(through.url);
  await toDetails(page);
  await fillDetailsButFiles(page);
  await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'living-room.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles({ name: 'media-kit.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(fileRow(page, 'living-room.png')).toContainText('Uploaded', { timeout: 20_000 });
  await expect(fileRow(page, 'media-kit.pdf')).toContainText('Uploaded', { timeout: 20_000 });

  await fileRow(page, 'media-kit.pdf')
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(fileRow(page, 'media-kit.pdf')).toHaveCount(0);
  await expect.poll(() => through.log.some((entry) => entry.what === 'answered' && entry.method === 'DELETE' && entry.status === 204)).toBe(true);
  await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles({ name: 'media-kit.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(fileRow(page, 'media-kit.pdf')).toContainText('Uploaded', { timeout: 20_000 });

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', THANKS)).toBeFocused({ timeout: 30_000 });
  expect(await chooseAgainShown()).toBe(false);
  expect(applicationPuts(through.log)).toEqual(['201']);
  const applications = await exported();
  expect(applications).toHaveLength(1);
  expect(applications[0]?.files.find((file) => file.field === 'mediaKit')).toMatchObject({ name: 'media-kit.pdf', size: pdf.length, sha256: sha256(pdf) });
  expect((await bytesOnDisk()).get(sha256(pdf))?.equals(pdf)).toBe(true);
});

test('an application whose file record names an unfinished upload (422 file-incomplete) uploads the file again by itself and is stored', async ({ page }) => {
  test.setTimeout(120_000);
  const through = running(proxy);
  const png = await screenshotPng(1200, 900);
  const pdf = pdfOf(600_000);
  const chooseAgainShown = await watchForChooseAgain(page);
  await page.goto(through.url);
  await toDetails(page);
  await fillDetailsButFiles(page);
  await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'living-room.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles({ name: 'media-kit.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(fileRow(page, 'living-room.png')).toContainText('Uploaded', { timeout: 20_000 });
  await expect(fileRow(page, 'media-kit.pdf')).toContainText('Uploaded', { timeout: 20_000 });

  // What a page before this fix was left with after a restart: the PDF's record names an upload of
  // its bytes that the receiver holds only in part (created here, no byte sent), marked uploaded.
  const unfinished = await page.evaluate(
    async ({ sha, size }) => {
      const base64 = (text: string) => btoa(text);
      const created = await fetch('/api/uploads', {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(size),
          'Upload-Metadata': `filename ${base64('media-kit.pdf')},filetype ${base64('application/pdf')},sha256 ${base64(sha)},field ${base64('mediaKit')}`,
        },
      });
      const url = new URL(created.headers.get('Location') ?? '', location.href).href;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open('creator-files');
        opening.onsuccess = () => {
          resolve(opening.result);
        };
        opening.onerror = () => {
          reject(opening.error ?? new Error('open'));
        };
      });
      const store = () => db.transaction('files', 'readwrite').objectStore('files');
      const kept = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const reading = store().get(sha);
        reading.onsuccess = () => {
          resolve(reading.result as Record<string, unknown>);
        };
        reading.onerror = () => {
          reject(reading.error ?? new Error('get'));
        };
      });
      await new Promise<void>((resolve, reject) => {
        const writing = store().put({ ...kept, uploadUrl: url, uploaded: true }, sha);
        writing.onsuccess = () => {
          resolve();
        };
        writing.onerror = () => {
          reject(writing.error ?? new Error('put'));
        };
      });
      db.close();
      return { status: created.status, url };
    },
    { sha: sha256(pdf), size: pdf.length },
  );
  expect(unfinished.status).toBe(201);

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', THANKS)).toBeFocused({ timeout: 60_000 });
  expect(await chooseAgainShown()).toBe(false);
  // Refused once for the unfinished upload, uploaded again (a third upload created), then stored.
  expect(applicationPuts(through.log)).toEqual(['422', '201']);
  expect(through.log.filter((entry) => entry.what === 'asked' && entry.method === 'POST' && entry.path === '/api/uploads')).toHaveLength(4);
  const applications = await exported();
  expect(applications).toHaveLength(1);
  expect(applications[0]?.files.find((file) => file.field === 'mediaKit')).toMatchObject({ name: 'media-kit.pdf', size: pdf.length, sha256: sha256(pdf) });
  expect((await bytesOnDisk()).get(sha256(pdf))?.equals(pdf)).toBe(true);
});
