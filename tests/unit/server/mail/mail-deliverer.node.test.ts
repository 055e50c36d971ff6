// @vitest-environment node
// The creator's e-mails leave the outbox exactly once each, through a real SMTP server (the mail
// catcher, smtp-server on a free port): with the reference and the status link in the text and
// the HTML, in the application's language under the programme's own words, and through an SMTP
// server that refuses, hangs or drops the connection, on the embedded store and on PostgreSQL.
import { execFile as execFileCallback } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailDeliverer } from '../../../../server/mail/mail-deliverer.mjs';
import { mailMessageId } from '../../../../server/mail/mail-message.mjs';
import type { MailSettings } from '../../../../server/mail/mail-settings.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { startMailCatcher } from '../../../../scripts/mail-catcher.mjs';
import { mailProgramme } from '../../../../src/config/mail-programme';
import { mailWords } from '../../../../src/i18n/mail-words';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { mailRow, PAGE_ORIGIN, pendingStatus, storedApplication, until } from '../../../support/mail-outbox-rows';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the mail room's PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const execFile = promisify(execFileCallback);

type Catcher = Awaited<ReturnType<typeof startMailCatcher>>;
type Deliverer = ReturnType<typeof createMailDeliverer>;

const PROGRAMME = { lang: 'en', title: 'Window Creators', messages: {} as Record<string, unknown> };

function settings(port: number, overrides: Partial<MailSettings> = {}): MailSettings {
  return {
    host: '127.0.0.1',
    port,
    secure: false,
    user: null,
    password: null,
    from: 'Creator team <team@example.com>',
    fromAddress: 'team@example.com',
    timeoutMs: 400,
    giveUpAfterMs: 60_000,
    firstRetryMs: 100,
    ...overrides,
  };
}

const statusUrlFor = (applicationId: string, pageOrigin: string) => Promise.resolve(`${pageOrigin}/status/#secret-of-${applicationId}`);

function deliverer(
  store: Store,
  catcher: Catcher,
  { config = PROGRAMME, overrides = {} }: { config?: unknown; overrides?: Partial<MailSettings> } = {},
): Deliverer {
  return createMailDeliverer({
    store,
    settings: settings(catcher.port, overrides),
    statusUrlFor,
    mailWords,
    pollMs: 50,
    programme: (language) => Promise.resolve(mailProgramme(config, language)),
  });
}

/** The e-mails the catcher holds for one status row, by their Message-ID. */
function mailsOf(catcher: Catcher, applicationId: string, seq: number) {
  const id = mailMessageId({ applicationId, seq, domain: new URL(PAGE_ORIGIN).hostname });
  return catcher.mails.filter((mail) => mail.headers.get('message-id') === id);
}

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('the mail outbox on the $name store', ({ databaseUrl, skip }) => {
  let store: Store;
  let dataDir: string;
  let catcher: Catcher;
  const running: Deliverer[] = [];
  const start = (options?: Parameters<typeof deliverer>[2]) => {
    const started = deliverer(store, catcher, options);
    running.push(started);
    started.start();
    return started;
  };

  beforeAll(async () => {
    if (skip) return;
    dataDir = await (databaseUrl ? mkdtemp(join(tmpdir(), 'mail-store-')) : preparedDataDir('mail-store-'));
    store = await openStore({ databaseUrl, dataDir });
  });
  afterAll(async () => {
    if (skip) return;
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (skip) return;
    catcher = await startMailCatcher();
    await store.query('DELETE FROM application_statuses');
  });
  afterEach(async () => {
    if (skip) return;
    await Promise.all(running.splice(0).map((started) => started.stop()));
    await catcher.close();
  });

  it.skipIf(skip)('sends one e-mail per pending row, with the reference and the link in the text and the HTML, and marks it sent', async () => {
    const ada = await storedApplication(store, { email: 'ada@example.com' });
    const grace = await storedApplication(store, { email: 'grace@example.org' });
    const received = await pendingStatus(store, ada.applicationId, 'received');
    const other = await pendingStatus(store, grace.applicationId, 'received');
    const accepted = await pendingStatus(store, ada.applicationId, 'accepted', 'Welcome aboard! <script>alert(1)</script>\nSee you & soon.');
    start();
    await until(async () => (await mailRow(store, accepted)).status === 'sent');
    await until(async () => (await mailRow(store, other)).status === 'sent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(catcher.mails).toHaveLength(3);
    const [receipt] = mailsOf(catcher, ada.applicationId, received);
    const link = `${PAGE_ORIGIN}/status/#secret-of-${ada.applicationId}`;
    expect(receipt?.to).toEqual(['ada@example.com']);
    expect(receipt?.subject).toBe('Window Creators: we received your application');
    expect(receipt?.text).toContain(ada.reference);
    expect(receipt?.text).toContain(link);
    expect(receipt?.html).toContain(ada.reference);
    expect(receipt?.html).toContain(`<a href="${link}">${link}</a>`);
    expect(receipt?.html).not.toMatch(/<img|src=|<link|url\(/i);
    expect(receipt?.headers.get('auto-submitted')).toBe('auto-generated');
    const [decision] = mailsOf(catcher, ada.applicationId, accepted);
    expect(decision?.subject).toBe('Window Creators: your application is accepted');
    expect(decision?.text).toContain('> Welcome aboard! <script>alert(1)</script>\n> See you & soon.');
    expect(decision?.html).toContain('Welcome aboard! &#60;script&#62;alert(1)&#60;/script&#62;<br>See you &#38; soon.');
    expect(decision?.html).not.toContain('<script>');
    expect(mailsOf(catcher, grace.applicationId, other)[0]?.to).toEqual(['grace@example.org']);
    const row = await mailRow(store, received);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
  });

  it.skipIf(skip)(
    "writes in the application's language (fr, es), in English for a language without a catalogue, and in the programme's own words",
    async () => {
      const config = {
        lang: 'en',
        languages: ['en', 'fr'],
        title: { en: 'Window Creators', fr: 'Créateurs de fenêtres' },
        messages: { mailReceiptSubject: { en: '{programme}: thanks!', fr: '{programme} : merci !' } },
      };
      const french = await storedApplication(store, { language: 'fr' });
      const spanish = await storedApplication(store, { language: 'es' });
      const german = await storedApplication(store, { language: 'de' });
      const none = await storedApplication(store, { language: null });
      const rows = [
        [french, await pendingStatus(store, french.applicationId, 'received')],
        [spanish, await pendingStatus(store, spanish.applicationId, 'received')],
        [german, await pendingStatus(store, german.applicationId, 'received')],
        [none, await pendingStatus(store, none.applicationId, 'declined')],
      ] as const;
      start({ config });
      await until(() => catcher.mails.length === 4);
      const [fr, es, de, fallback] = rows.map(([application, seq]) => mailsOf(catcher, application.applicationId, seq)[0]);
      expect(fr?.subject).toBe('Créateurs de fenêtres : merci !');
      expect(fr?.text).toContain('Sa référence est');
      expect(fr?.html).toContain('<html lang="fr" dir="ltr">');
      expect(es?.subject).toBe('Window Creators: thanks!');
      expect(es?.text).toContain('Su referencia es');
      expect(de?.text).toContain('Its reference is');
      expect(fallback?.subject).toBe('Window Creators: about your application');
      expect(fallback?.headers.get('content-language')).toBe('en');
    },
  );

  const faults = [
    { fault: 'refuses the recipient (5xx on RCPT)', behaviour: 'refuse-rcpt' },
    { fault: 'refuses the message (5xx after DATA)', behaviour: 'refuse-data' },
    { fault: 'never answers the greeting', behaviour: 'hang-greeting' },
    { fault: 'never answers the DATA', behaviour: 'hang-data' },
    { fault: 'drops the connection mid-DATA', behaviour: 'drop-data' },
  ] as const;
  it.each(faults)('loses nothing when the SMTP server $fault: retried, and sent exactly once when it behaves again', async ({ behaviour }) => {
    if (skip) return;
    catcher.behave(behaviour);
    const ada = await storedApplication(store, { email: 'ada.private@example.com' });
    const seq = await pendingStatus(store, ada.applicationId, 'received');
    start();
    await until(async () => {
      const row = await mailRow(store, seq);
      return row.status === 'pending' && row.attempts >= 2;
    });
    const failing = await mailRow(store, seq);
    expect(failing.lastError).toBeTruthy();
    expect(failing.lastError).not.toContain('ada.private');
    expect(mailsOf(catcher, ada.applicationId, seq)).toHaveLength(0);
    catcher.behave('accept');
    await until(async () => (await mailRow(store, seq)).status === 'sent');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsOf(catcher, ada.applicationId, seq)).toHaveLength(1);
    expect(catcher.mails).toHaveLength(1);
  });

  it.skipIf(skip)("sends nothing for in-review, a step of the team's rather than news", async () => {
    const ada = await storedApplication(store);
    const seq = await pendingStatus(store, ada.applicationId, 'in-review');
    start();
    await until(async () => (await mailRow(store, seq)).status === 'failed');
    expect((await mailRow(store, seq)).lastError).toBe('no e-mail announces the status in-review');
    expect(catcher.mails).toHaveLength(0);
  });

  it.skipIf(skip)('gives up after the give-up time, marked failed with the last error', async () => {
    catcher.behave('refuse-rcpt');
    const ada = await storedApplication(store);
    const seq = await pendingStatus(store, ada.applicationId, 'received');
    start({ overrides: { giveUpAfterMs: 300 } });
    await until(async () => (await mailRow(store, seq)).status === 'failed');
    expect((await mailRow(store, seq)).lastError).toContain('550');
  });

  it.skipIf(skip)("keeps an application's e-mails in order: a decision waits for its receipt", async () => {
    catcher.behave('refuse-rcpt');
    const ada = await storedApplication(store);
    const receipt = await pendingStatus(store, ada.applicationId, 'received');
    const decision = await pendingStatus(store, ada.applicationId, 'accepted');
    start();
    await until(async () => (await mailRow(store, receipt)).attempts >= 2);
    expect((await mailRow(store, decision)).attempts).toBe(0);
    catcher.behave('accept');
    await until(async () => (await mailRow(store, decision)).status === 'sent');
    expect(catcher.mails.map((mail) => mail.subject)).toEqual([
      'Window Creators: we received your application',
      'Window Creators: your application is accepted',
    ]);
  });

  it.skipIf(skip)('sends a row a stopped receiver left mid-lease only once its lease has run out', async () => {
    const ada = await storedApplication(store);
    const seq = await pendingStatus(store, ada.applicationId, 'received');
    // What a receiver killed while handing the e-mail over leaves behind.
    await store.query(`UPDATE application_statuses SET mail_status = 'sending', mail_attempts = 1, mail_leased_until = $2 WHERE seq = $1`, [
      seq,
      new Date(Date.now() + 1500).toISOString(),
    ]);
    const leaseEnds = Date.now() + 1500;
    start();
    await until(() => catcher.mails.length === 1, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(leaseEnds);
    await until(async () => (await mailRow(store, seq)).status === 'sent');
    expect(await mailRow(store, seq)).toMatchObject({ status: 'sent', attempts: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(catcher.mails).toHaveLength(1);
  });
});

describe.skipIf('reason' in postgres)('two receivers on one PostgreSQL', () => {
  it('send each e-mail once, sending at the same time', async () => {
    const url = 'url' in postgres ? postgres.url : '';
    const dataDir = await mkdtemp(join(tmpdir(), 'mail-two-'));
    const first = await openStore({ databaseUrl: url, dataDir });
    const second = await openStore({ databaseUrl: url, dataDir });
    const catcher = await startMailCatcher();
    try {
      await first.query('DELETE FROM application_statuses');
      const rows: Array<{ applicationId: string; seq: number }> = [];
      for (let index = 0; index < 24; index += 1) {
        const application = await storedApplication(first, { email: `creator${String(index)}@example.com` });
        rows.push({ applicationId: application.applicationId, seq: await pendingStatus(first, application.applicationId, 'received') });
      }
      const deliverers = [deliverer(first, catcher), deliverer(second, catcher)];
      for (const started of deliverers) started.start();
      await until(() => catcher.mails.length >= rows.length, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await Promise.all(deliverers.map((started) => started.stop()));
      expect(catcher.mails).toHaveLength(rows.length);
      for (const row of rows) expect(mailsOf(catcher, row.applicationId, row.seq)).toHaveLength(1);
    } finally {
      await catcher.close();
      await first.close();
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf('reason' in postgres)('the CLI on PostgreSQL', () => {
  it('lists the failed e-mails with their address masked, and puts one back once', async () => {
    const url = 'url' in postgres ? postgres.url : '';
    const dataDir = await mkdtemp(join(tmpdir(), 'mail-cli-'));
    const store = await openStore({ databaseUrl: url, dataDir });
    const cli = async (...words: string[]) =>
      (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...words], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } })).stdout;
    try {
      await store.query('DELETE FROM application_statuses');
      const ada = await storedApplication(store, { email: 'ada.lovelace@example.com' });
      const seq = await pendingStatus(store, ada.applicationId, 'received');
      await store.query(
        `UPDATE application_statuses SET mail_status = 'failed', mail_attempts = 9, mail_last_error = '550: Mailbox unavailable' WHERE seq = $1`,
        [seq],
      );
      const listed = await cli('mail', 'list', '--failed');
      expect(listed).toContain(`${String(seq)}  ${ada.applicationId}  received  failed  9 attempt(s)  to a•••@e•••.com; last error: 550: Mailbox unavailable`);
      expect(listed).not.toContain('lovelace');
      expect(await cli('mail', 'resend', String(seq))).toContain('put back in the outbox');
      expect(await mailRow(store, seq)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
      // Pending now: a second resend changes nothing and says so.
      await expect(cli('mail', 'resend', String(seq))).rejects.toThrow(/not sent nor failed/);
      await expect(cli('mail', 'resend', 'twelve')).rejects.toThrow(/mail needs list/);
    } finally {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
