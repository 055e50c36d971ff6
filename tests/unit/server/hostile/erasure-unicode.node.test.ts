// @vitest-environment node
// An address stored in NFD, with a zero-width space, a bidi control or in
// upper case was not erased by its visible form ("Erased 0 application(s)"): addresses were only
// trimmed and lower-cased. Now every form is stored and matched as one (server/store/email-match.mjs),
// on both stores, through the real receiver and the real CLI; and applications stored before the
// change (the match column in the old form) are found too, once migration 6 has rewritten it.
import { execFile as execFileCallback } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { normalisedEmail } from '../../../../server/store/email-match.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';
import { openPostgresStore } from '../../../../server/store/postgres-store.mjs';
import { applyMigrations, createVersionTable } from '../../../../server/store/schema.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the PostgreSQL erasure tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const execFile = promisify(execFileCallback);

/** `npm run -s applications -- …` as a deployer runs it, in its own process. */
async function cli(args: string[], { dataDir, databaseUrl }: { dataDir: string; databaseUrl: string | undefined }): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env })).stdout;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

function put(receiver: StartedReceiver, email: string, id: string) {
  return rawRequest(`${receiver.url}/api/applications`, {
    headers: [
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', `${id}-1`],
      ['Application-Id', id],
      ['Application-Revision', '1'],
    ],
    body: JSON.stringify(sampleBody({ email })),
  });
}

async function exportedIds(where: { dataDir: string; databaseUrl: string | undefined }): Promise<string[]> {
  return (await cli(['export'], where))
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);
}

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe('the match form of an address', () => {
  it.each([
    ['NFD', 'jose\u0301@example.com', 'josé@example.com'],
    ['a zero-width space inside', 'jo\u200bse@example.com', 'jose@example.com'],
    ['a zero-width joiner, a word joiner, a BOM and a soft hyphen', '\ufeffj\u200do\u2060s\u00ade@example.com', 'jose@example.com'],
    ['bidi controls', '\u202ejose\u202c@example.com\u200f', 'jose@example.com'],
    ['upper case, with an accent in NFD', 'JOSE\u0301@EXAMPLE.COM', 'josé@example.com'],
    ['sharp s, folded as Unicode folds it (not by toLowerCase)', 'STRASSE@example.de', 'straße@example.de'],
    ['the Kelvin sign', '\u212aarl@example.com', 'karl@example.com'],
    ['white space around', '  Ada@Example.com\t', 'ada@example.com'],
  ])('%s matches the visible form', (_name, stored, typed) => {
    expect(normalisedEmail(stored)).toBe(normalisedEmail(typed));
  });

  it('keeps apart what a mail server keeps apart', () => {
    expect(normalisedEmail('ａda@example.com')).not.toBe(normalisedEmail('ada@example.com'));
    expect(normalisedEmail('ada@example.com')).not.toBe(normalisedEmail('ad@example.com'));
  });
});

describe.each(stores)('erase --email on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'finds applications stored before the change, once migration 6 has rewritten their match column',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'erasure-unicode-'));
      const tag = unique('m').toLowerCase();
      const nfd = `jose\u0301-${tag}@example.com`;
      const zwsp = `zw\u200bsp-${tag}@example.com`;
      // First in its store's tests, on an empty database: a store at schema version 5, with rows as the receiver before this change stored them:
      // the match column trimmed and lower-cased only.
      const old: Store = databaseUrl ? await openPostgresStore(databaseUrl) : await openPgliteStore(dataDir);
      try {
        await old.transaction(async (tx) => {
          await createVersionTable(tx);
          await applyMigrations(tx, 0, 5);
          for (const [index, email] of [nfd, zwsp].entries()) {
            const id = `old-${String(index)}-${tag}`;
            await tx.query('INSERT INTO applications (id, created_at, updated_at) VALUES ($1, now(), now())', [id]);
            await tx.query(
              `INSERT INTO revisions (application_id, idempotency_key, fingerprint, client_revision, email, body, received_at)
             VALUES ($1, $2, 'fingerprint', 1, $3, $4::jsonb, now())`,
              [id, `${id}-1`, email.trim().toLowerCase(), JSON.stringify(sampleBody({ email }))],
            );
          }
        });
      } finally {
        await old.close();
      }
      const receiver = await startTestReceiver({ databaseUrl, dataDir });
      const where = { dataDir, databaseUrl };
      try {
        expect(await cli(['erase', '--email', `josé-${tag}@example.com`], where)).toMatch(/^Erased 1 application\(s\)/);
        expect(await cli(['erase', '--email', `ZWSP-${tag}@example.com`], where)).toMatch(/^Erased 1 application\(s\)/);
        expect((await exportedIds(where)).filter((id) => id.endsWith(tag))).toEqual([]);
      } finally {
        await stopTestReceiver(receiver);
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
  it.skipIf(skip)(
    'erases an application stored in NFD, with a zero-width space, a bidi control or in upper case, by its visible form',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl });
      const where = { dataDir: receiver.dataDir, databaseUrl };
      try {
        const tag = unique('u').toLowerCase();
        const cases = [
          { stored: `jose\u0301-${tag}@example.com`, typed: `josé-${tag}@example.com` },
          { stored: `zw\u200bsp-${tag}@example.com`, typed: `zwsp-${tag}@example.com` },
          { stored: `\u202ebidi-${tag}@example.com`, typed: `bidi-${tag}@example.com` },
          { stored: `UPPER-${tag}@EXAMPLE.COM`, typed: `upper-${tag}@example.com` },
          // And the other way round: stored plain, typed by the operator in another form.
          { stored: `plain-${tag}@example.com`, typed: `PLAIN-${tag}@EXAMPLE.COM\u200b` },
        ].map((each) => ({ ...each, id: unique('app') }));
        const bystander = unique('app');
        for (const { stored, id } of cases) expect((await put(receiver, stored, id)).status).toBe(201);
        expect((await put(receiver, `bystander-${tag}@example.com`, bystander)).status).toBe(201);

        for (const { typed } of cases) expect(await cli(['erase', '--email', typed], where)).toMatch(/^Erased 1 application\(s\), 1 revision\(s\), of /);
        expect(await exportedIds(where)).toEqual([bystander]);
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    120_000,
  );
});
