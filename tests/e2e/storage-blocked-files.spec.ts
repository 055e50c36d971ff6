import { ANY_WIDTH } from './helpers/any-width';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { exportedApplications } from './helpers/applications-cli';
import { blockIndexedDb, failIndexedDbOpen } from './helpers/device-storage';
import { fileRow, fillDetailsButFiles, MEDIA_KIT, PHOTOS, toDetails } from './helpers/files-programme';
import { receiverPerTest } from './helpers/receiver-per-test';
import { cameraJpeg, pdfOf, sha256 } from './helpers/test-files';

// The files programme (docs/examples/config.files.json) on `npm start`'s real receiver, for a
// creator whose browser keeps nothing: the files chosen are kept in the page's memory, uploaded,
// and the application is stored once with both, ending at the Creator Hub. After the 201 the
// files' shelf used to throw (`typeof indexedDB` on a throwing getter): the page stayed on
// "Sending your application…" though the receiver had stored the application.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const receiver = receiverPerTest('storage-blocked', 'one run is enough: a whole journey against the real receiver', {
  config: join(ROOT, 'docs/examples/config.files.json'),
});

interface ExportedFile {
  field: string;
  name: string;
  sha256: string;
}

/** The applications the receiver stored, as its CLI exports them. */
const exported = () => exportedApplications<{ files: ExportedFile[] }>(receiver.dataDir);

const WAYS = [
  { name: 'reading window.indexedDB throws a SecurityError', breakStorage: blockIndexedDb },
  { name: 'every database fails to open', breakStorage: failIndexedDbOpen },
];

for (const [index, { name, breakStorage }] of WAYS.entries()) {
  // The first way runs at both widths; the others fail the same code, so once is enough.
  test(
    `${name}: the files programme keeps the files in memory, uploads them, and ends at the Creator Hub with the application stored once`,
    index === 0 ? {} : ANY_WIDTH,
    async ({ page }: { page: Page }) => {
      test.setTimeout(90_000);
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      const pdf = pdfOf(200_000);
      await breakStorage(page);
      await page.goto(receiver.server.url);
      await toDetails(page);
      await fillDetailsButFiles(page);
      await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1600, 1200) });
      await expect(fileRow(page, 'IMG_0042.jpg')).toContainText('Uploaded', { timeout: 20_000 });
      await page.getByLabel(MEDIA_KIT, { exact: true }).setInputFiles({ name: 'media-kit.pdf', mimeType: 'application/pdf', buffer: pdf });
      await expect(fileRow(page, 'media-kit.pdf')).toContainText('Uploaded', { timeout: 20_000 });

      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused({ timeout: 20_000 });
      await expect(page.getByText('Sending your application…')).toHaveCount(0);

      const applications = await exported();
      expect(applications).toHaveLength(1);
      const files = applications[0]?.files ?? [];
      expect(files.map((file) => file.name).sort()).toEqual(['IMG_0042.jpg', 'media-kit.pdf']);
      expect(files.find((file) => file.field === 'mediaKit')?.sha256).toBe(sha256(pdf));
      expect(errors.map(String)).toEqual([]);
    },
  );
}
