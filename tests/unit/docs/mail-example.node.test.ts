// @vitest-environment node
// docs/mail.md's "Trying it on this machine", run as printed: the mail catcher started by its
// command, a receiver started with the block's SMTP_URL and MAIL_FROM (as startServer takes them
// from `npm start`'s environment), a status row written as the status room writes it, and the
// catcher printing the receipt with its reference and link; then the CLI's `mail list` and
// `mail resend` through the running receiver, as a deployer runs them.
import { execFile as execFileCallback, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { mailSettings } from '../../../server/mail/mail-settings.mjs';
import { startServer } from '../../../server/start-server.mjs';
import { receiverRules } from '../../../src/config/receiver-rules';
import { pendingStatus, storedApplication, until } from '../../support/mail-outbox-rows';
import { servedRoot } from '../../support/receiver-fixture';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const execFile = promisify(execFileCallback);
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

/** `NAME=value` and `NAME="value"` before the command, as a shell reads them. */
function environmentOf(line: string): { env: Record<string, string>; command: string } {
  const env: Record<string, string> = {};
  let rest = line.trim();
  for (let match = /^([A-Z_]+)=("([^"]*)"|(\S*))\s+/.exec(rest); match; match = /^([A-Z_]+)=("([^"]*)"|(\S*))\s+/.exec(rest)) {
    env[match[1] ?? ''] = match[3] ?? match[4] ?? '';
    rest = rest.slice(match[0].length);
  }
  return { env, command: rest };
}

it("docs/mail.md's local example sends the receipt to the catcher, and the CLI lists it and sends it again", async () => {
  const doc = await readFile(join(ROOT, 'docs/mail.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Trying it on this machine'));
  const [catcherLine, receiverLine] = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => (block[1] ?? '').trim());
  expect(catcherLine).toMatch(/^node scripts\/mail-catcher\.mjs (\d+)$/);
  const documentedPort = /(\d+)$/.exec(catcherLine ?? '')?.[1] ?? '';
  const { env, command } = environmentOf(receiverLine ?? '');
  expect(command).toBe('npm start');
  expect(env.SMTP_URL).toBe(`smtp://127.0.0.1:${documentedPort}`);
  // The documented port may be taken on this machine: the same commands on a free one.
  const port = String(await freePort());
  const [program, ...args] = (catcherLine ?? '').replace(documentedPort, port).split(' ');
  const catcher: ChildProcess = spawn(program === 'node' ? process.execPath : (program ?? ''), args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => {
    catcher.kill('SIGTERM');
  });
  let printed = '';
  catcher.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  await until(() => printed.includes('listening'), 15_000);

  const settings = mailSettings({ ...env, SMTP_URL: (env.SMTP_URL ?? '').replace(documentedPort, port) });
  expect(settings).not.toBeNull();
  const root = await servedRoot();
  const dataDir = await mkdtemp(join(tmpdir(), 'mail-example-'));
  const lines: string[] = [];
  const server = await startServer({
    root,
    port: 0,
    dataDir,
    receiverRules,
    mail: settings,
    log: (line) => lines.push(line),
    // Long: the e-mail goes because the receiver is nudged, not because the outbox was polled.
    mailPollMs: 60_000,
    statusUrlFor: (applicationId, pageOrigin) => Promise.resolve(`${pageOrigin}/status/#for-${applicationId}`),
  });
  cleanups.push(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  const { applicationId, reference } = await storedApplication(server.store, { email: 'ada@example.com', language: 'en' });
  const seq = await pendingStatus(server.store, applicationId, 'received');
  server.nudgeMail();
  await until(() => printed.includes('Subject:'), 15_000);
  expect(printed).toContain('--- e-mail to ada@example.com');
  expect(printed).toContain('Subject: Hartwell Creator Trade Programme: we received your application');
  expect(printed).toContain(reference);
  expect(printed).toContain(`https://apply.example.com/status/#for-${applicationId}`);
  expect(lines.join('\n')).not.toContain('ada@example.com');

  const cli = async (...words: string[]) =>
    (
      await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...words], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      })
    ).stdout;
  await until(async () => (await cli('mail', 'list')).includes('sent'), 10_000);
  const listed = await cli('mail', 'list');
  expect(listed).toContain(`${String(seq)}  ${applicationId}  received  sent`);
  expect(listed).toContain('a•••@e•••.com');
  expect(listed).not.toContain('ada@example.com');
  expect(await cli('mail', 'list', '--failed')).toBe('No e-mail has failed.\n');
  expect(await cli('mail', 'resend', String(seq))).toBe(`E-mail of status ${String(seq)} put back in the outbox, to be sent now.\n`);
  expect(lines).toContain(`mail for status ${String(seq)} put back in the outbox by the CLI (mail resend)`);
  await until(() => printed.split('Subject:').length === 3, 15_000);
  const ids = [...printed.matchAll(/^Message-ID: (.+)$/gm)].map((match) => match[1]);
  expect(ids).toHaveLength(2);
  expect(ids[0]).toBe(ids[1]);
  // A number no status has is said to be one.
  await expect(cli('mail', 'resend', '999999')).rejects.toThrow(/No status 999999/);
}, 60_000);
