// @vitest-environment node
// Without SMTP_URL nothing is mailed, and `mail resend` through the running receiver says so and
// changes nothing, rather than marking an e-mail that no one will send.
import { execFile as execFileCallback } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailRow, pendingStatus, storedApplication } from '../../../support/mail-outbox-rows';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const execFile = promisify(execFileCallback);
let receiver: StartedReceiver;

beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterAll(async () => {
  await stopTestReceiver(receiver);
});

const cli = async (...words: string[]) =>
  (
    await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...words], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: receiver.dataDir, DATABASE_URL: '' },
    })
  ).stdout;

it('refuses mail resend on a receiver with mail off, and leaves the e-mail as it was', async () => {
  const { applicationId } = await storedApplication(receiver.store, { email: 'grace@example.com' });
  const seq = await pendingStatus(receiver.store, applicationId, 'declined', 'Thank you');
  await receiver.store.query(`UPDATE application_statuses SET mail_status = 'failed', mail_attempts = 3, mail_last_error = 'ETIMEDOUT' WHERE seq = $1`, [seq]);
  expect(await cli('mail', 'list')).toContain(`${String(seq)}  ${applicationId}  declined  failed  3 attempt(s)  to g•••@e•••.com; last error: ETIMEDOUT`);
  await expect(cli('mail', 'resend', String(seq))).rejects.toThrow(/Mail is off on the running receiver .* nothing was changed/);
  expect(await mailRow(receiver.store, seq)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'ETIMEDOUT' });
}, 30_000);
