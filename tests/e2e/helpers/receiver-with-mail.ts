import { rm } from 'node:fs/promises';
import { freePort } from '../../support/free-port';
import { preparedDataDir } from '../../support/prepared-data-dir';
import { spawnReceiver, type ReceiverProcess } from '../../support/receiver-process';
import { startMailCatcher } from '../../../scripts/mail-catcher.mjs';

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/**
 * The receiver as `npm start` runs it on `root` (a copy of dist/), with mail on: a copy of the
 * prepared store and a mail catcher as SMTP_URL. Mail needs the site's address (every e-mail's
 * link points there), so the port is chosen first and named as PUBLIC_ORIGIN. What it starts is
 * pushed on `started`, for the test's clean-up to stop.
 */
export async function startReceiverWithMail(
  root: string,
  prefix: string,
  started: Array<() => Promise<unknown>>,
): Promise<{ dataDir: string; catcher: MailCatcher; receiver: ReceiverProcess }> {
  const dataDir = await preparedDataDir(`${prefix}-data-`);
  started.push(() => rm(dataDir, { recursive: true, force: true }));
  const catcher = await startMailCatcher();
  started.push(() => catcher.close());
  const port = await freePort();
  const receiver = await spawnReceiver({
    root,
    dataDir,
    port,
    extraEnv: {
      SMTP_URL: `smtp://127.0.0.1:${String(catcher.port)}`,
      MAIL_FROM: 'Hartwell creators <creators@hartwellwindow.example>',
      SMTP_TIMEOUT_MS: '3000',
      PUBLIC_ORIGIN: `http://127.0.0.1:${String(port)}`,
    },
  });
  started.push(() => receiver.stop());
  return { dataDir, catcher, receiver };
}
