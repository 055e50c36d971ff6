// @vitest-environment node
// Answers the programme never asked for were stored (201), exported, CSV
// columns included, and sent by webhook. The real receiver now refuses each with a 422 naming
// the programme's path and the rule, on both stores, and stores nothing (no webhook queued).
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { webhookSettings } from '../../../../server/webhooks/webhook-settings.mjs';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { rawRequest } from '../../../support/http-request';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the answers-not-asked tests on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

type Body = ReturnType<typeof sampleBody>;

/** The default programme's answers with one more entry, or one changed. */
function withAnswer(key: string, value: string, change: (body: Body) => void = () => undefined): string {
  const body = sampleBody();
  change(body);
  body.fields.push({ key, value });
  return JSON.stringify(body);
}

const NOT_ASKED: Array<[string, string, string]> = [
  ['a sub-key of a yes/no question', withAnswer('children.bogus', 'x'), 'fields.single.children'],
  ['__proto__ under a question', withAnswer('children.__proto__', 'x'), 'fields.single.children'],
  ['constructor under a question', withAnswer('children.constructor', 'x'), 'fields.single.children'],
  [
    'a sub-key where a plain answer is asked',
    withAnswer('pronouns.sub', 'She/her', (body) => {
      body.fields = body.fields.filter((entry) => entry.key !== 'pronouns');
    }),
    'fields.single.pronouns',
  ],
  ['a follow-up hidden by its answer', withAnswer('pets.explanation', 'A cat called Babbage'), 'fields.single.pets.explanation'],
];

async function counts(receiver: StartedReceiver): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of ['applications', 'revisions', 'webhook_deliveries']) {
    const { rows } = await receiver.store.query(`SELECT count(*)::int AS count FROM ${table}`);
    result[table] = Number(rows[0]?.count);
  }
  return result;
}

describe.each(stores)('answers the programme does not ask, on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'are refused with 422 naming the programme path and the rule, and nothing is stored or sent by webhook',
    async () => {
      const webhooks = webhookSettings({ WEBHOOK_URL: 'http://127.0.0.1:9/hooks', WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}` }) ?? undefined;
      const receiver = await startTestReceiver({ databaseUrl, webhooks, webhookPollMs: 60_000 });
      try {
        const put = (body: string, key: string) =>
          rawRequest(`${receiver.url}/api/applications`, {
            headers: [
              ['Content-Type', 'application/json'],
              ['Idempotency-Key', key],
              ['Application-Id', key],
            ],
            body,
          });
        for (const [what, body, path] of NOT_ASKED) {
          const answer = await put(body, `not-asked-${what.replaceAll(' ', '-')}`);
          expect(answer.status, what).toBe(422);
          expect(JSON.parse(answer.text), what).toEqual([{ rule: 'not-asked', path, message: expect.any(String) as string }]);
        }
        // A key no question of the programme starts: named by its place in the body, never echoed.
        const unknown = await put(withAnswer('ada@example.com', 'x'), 'not-asked-unknown');
        expect(unknown.status).toBe(422);
        expect(unknown.text).not.toContain('ada@example.com');
        expect(JSON.parse(unknown.text)).toEqual([
          { rule: 'not-asked', path: `fields.${String(sampleBody().fields.length)}.key`, message: expect.any(String) as string },
        ]);
        expect(await counts(receiver)).toEqual({ applications: 0, revisions: 0, webhook_deliveries: 0 });

        // What the wizard sends is still taken, and queued for its webhook.
        expect((await put(JSON.stringify(sampleBody()), 'asked')).status).toBe(201);
        expect(await counts(receiver)).toEqual({ applications: 1, revisions: 1, webhook_deliveries: 1 });
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    120_000,
  );

  it.skipIf(skip)(
    "takes prototype keys anywhere in the JSON as data, refused as unknown, never as an object's prototype",
    async () => {
      const receiver = await startTestReceiver({ databaseUrl });
      try {
        // PostgreSQL's database is this file's: the test before may have stored one.
        const before = await counts(receiver);
        const bodies = [
          '{"__proto__":{"admin":true},"personalInfo":{},"platforms":{},"fields":[]}',
          JSON.stringify(sampleBody()).replace('"personalInfo":{', '"personalInfo":{"__proto__":{"firstName":"x"},'),
          JSON.stringify(sampleBody()).replace('"personalInfo":{', '"personalInfo":{"constructor":"x",'),
          JSON.stringify(sampleBody()).replace('"platforms":{', '"platforms":{"__proto__":{"handle":"x"},'),
          JSON.stringify(sampleBody()).replace('"platforms":{', '"platforms":{"constructor":{"handle":"x"},'),
          JSON.stringify(sampleBody()).replace('"instagram":{', '"instagram":{"__proto__":"x",'),
          JSON.stringify(sampleBody()).replace('"phone":{', '"phone":{"__proto__":{},'),
          JSON.stringify(sampleBody()).replace('"fields":[', '"fields":[{"key":"pronouns","value":"x","__proto__":{}},'),
          JSON.stringify(sampleBody()).replace('"fields":[', '"fields":[{"key":"__proto__","value":"x"},'),
        ];
        for (const [index, body] of bodies.entries()) {
          const answer = await rawRequest(`${receiver.url}/api/applications`, {
            headers: [
              ['Content-Type', 'application/json'],
              ['Idempotency-Key', `proto-${String(index)}`],
            ],
            body,
          });
          expect(answer.status, body).toBe(422);
        }
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
        expect(await counts(receiver)).toEqual(before);
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    120_000,
  );
});
