/**
 * The files journey in every engine: on `npm start`'s real receiver with the example programme
 * that asks for files (docs/examples/config.files.json), a photo is chosen on the Details step,
 * uploads (tus, from the engine's own fetch and IndexedDB), and the application is sent and
 * stored with it, as the applications CLI exports it.
 */
import assert from 'node:assert/strict';
import { execFile as execFileCallback } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { DIST_DIR } from '../support/dist-dir';
import { DETAILS_BUT_FILES } from '../support/files-programme-answers.mjs';
import { spawnReceiver } from '../support/receiver-process';
import { completeApplication, CONTINUE, CREATOR_HUB_HEADING } from './default-programme-steps';
import type { EnginePage } from './engine-page';
import type { Journey } from './journeys';
import { answer, choose, waitFor, waitForStep } from './page-actions';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const execFile = promisify(execFileCallback);
const PHOTOS = 'Photos of the rooms you would photograph';

/** Every required answer of the files programme's Details step but its photos. */
async function fillDetailsButFiles(page: EnginePage): Promise<void> {
  for (const step of DETAILS_BUT_FILES) {
    if (step.kind === 'choose') await choose(page, step.label, step.option);
    else if (step.kind === 'answer') await answer(page, step.question, step.choice);
    else await page.type({ label: step.label }, step.text);
  }
}

/**
 * Chooses a file for the file input labelled `label`: the drivers differ in how (or whether) they
 * fill a native file picker, so the page is handed the File as the picker would (its `files`, then
 * a change event), the same way in every engine.
 */
async function chooseFile(page: EnginePage, label: string, name: string, type: string, bytes: Buffer): Promise<void> {
  const chosen = await page.run(
    `var label = arguments[0], name = arguments[1], type = arguments[2], base64 = arguments[3];
     var input = Array.prototype.find.call(document.querySelectorAll('input[type="file"]'), function (element) {
       return Array.prototype.some.call(element.labels || [], function (item) { return item.textContent.trim() === label; });
     });
     if (!input) return 0;
     var binary = atob(base64);
     var bytes = new Uint8Array(binary.length);
     for (var index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
     var transfer = new DataTransfer();
     transfer.items.add(new File([bytes], name, { type: type }));
     input.files = transfer.files;
     // Counted before the change: the field empties the input once it has taken the files.
     var count = input.files.length;
     input.dispatchEvent(new Event('change', { bubbles: true }));
     return count;`,
    label,
    name,
    type,
    bytes.toString('base64'),
  );
  assert.equal(chosen, 1, `no file input labelled ${label}`);
}

export const chooseUploadSend: Journey = {
  name: 'a photo chosen on the files programme uploads, and the application is sent and stored with it',
  only: 'phone',
  async run(page) {
    const root = await mkdtemp(join(tmpdir(), 'engine-files-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'engine-files-data-'));
    await cp(DIST_DIR, root, { recursive: true });
    await cp(join(ROOT, 'docs/examples/config.files.json'), join(root, 'config.json'));
    const server = await spawnReceiver({ root, dataDir });
    try {
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 170, b: 120 } } })
        .png()
        .toBuffer();
      await page.goto(server.url);
      await completeApplication(page, { stopBeforeSubmit: true, details: fillDetailsButFiles });
      await chooseFile(page, PHOTOS, 'living-room.png', 'image/png', photo);
      await waitFor(page, { text: 'living-room.png' });
      await waitFor(page, { text: 'Uploaded' }, 30_000);
      await page.click(CONTINUE);
      await waitForStep(page, CREATOR_HUB_HEADING, 30_000);

      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const { stdout } = await execFile(process.execPath, ['server/cli/applications-cli.mjs', 'export'], { cwd: ROOT, env });
      const stored = stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { files: Array<{ field: string; name: string; type: string; width: number | null; height: number | null }> });
      assert.equal(stored.length, 1);
      // Made smaller on the device only past its longest edge (2560): this one is kept at its size, as a PNG.
      assert.deepEqual(
        stored[0]?.files.map((file) => [file.field, file.name, file.type, file.width, file.height]),
        [['roomPhotos', 'living-room.png', 'image/png', 1200, 900]],
      );
    } finally {
      await server.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
