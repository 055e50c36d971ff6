// @vitest-environment node
// `"firstName": "Ada\u0000X"` and `"Ada\ud800"` were answered 503
// Retry-After: 5 (the store's own error), which the wizard retries without end and monitoring
// counts as a store failure. Text no store keeps (NUL, lone surrogates, non-characters), in a
// value or a key, is now the client's error: 422 naming where it is, nothing stored, no 5xx,
// on both stores. The bodies are written as JSON text, escapes and all, as a client sends them.
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { rawRequest } from '../../../support/http-request';
import { startTestReceiver, stopTestReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the unstorable-text tests on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

const sample = JSON.stringify(sampleBody());
/** The sample body with one piece of its JSON text replaced (so escapes stay as the client wrote them). */
const spoiled = (from: string, to: string): string => {
  if (!sample.includes(from)) throw new Error(`the sample body has no ${from}`);
  return sample.replace(from, to);
};

const CASES: Array<[string, string, string]> = [
  ['NUL in a name', spoiled('"firstName":"Ada"', String.raw`"firstName":"Ada\u0000X"`), 'personalInfo.firstName'],
  ['a lone high surrogate', spoiled('"firstName":"Ada"', String.raw`"firstName":"Ada\ud800"`), 'personalInfo.firstName'],
  ['a lone low surrogate', spoiled('"city":"Portland"', String.raw`"city":"\udc00Portland"`), 'personalInfo.city'],
  ['NUL in the e-mail address', spoiled('"emailAddress":"ada@example.com"', String.raw`"emailAddress":"ada\u0000@example.com"`), 'personalInfo.emailAddress'],
  ['U+FDD0', spoiled('"company":"Ada at Home"', String.raw`"company":"Ada\ufdd0"`), 'personalInfo.company'],
  ['U+FFFF', spoiled('"company":"Ada at Home"', String.raw`"company":"Ada\uffff"`), 'personalInfo.company'],
  ['U+10FFFE', spoiled('"company":"Ada at Home"', String.raw`"company":"Ada\udbff\udffe"`), 'personalInfo.company'],
  ['NUL in an answer', spoiled('"value":"She/her"', String.raw`"value":"She\u0000her"`), 'fields.single.pronouns'],
  ['NUL in a platform handle', spoiled('"handle":"ada.at.home"', String.raw`"handle":"ada\u0000"`), 'platforms.instagram.handle'],
  ['NUL in a key', spoiled('"personalInfo":{', String.raw`"personalInfo":{"nick\u0000":"x",`), 'personalInfo'],
  ['a lone surrogate in a key', spoiled('"platforms":{', String.raw`"platforms":{"\ud800":{},`), 'platforms'],
];

describe.each(stores)('text no store keeps, on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'is answered 422 naming where it is, never 5xx, and nothing is stored',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl });
      try {
        for (const [what, body, path] of CASES) {
          const answer = await rawRequest(`${receiver.url}/api/applications`, {
            headers: [
              ['Content-Type', 'application/json'],
              ['Idempotency-Key', `k-${what.replaceAll(' ', '-')}`],
            ],
            body,
          });
          expect(answer.status, what).toBe(422);
          expect(answer.headers['retry-after'], what).toBeUndefined();
          expect(JSON.parse(answer.text), what).toEqual([{ rule: 'unstorable-text', path, message: expect.any(String) as string }]);
        }
        const { rows } = await receiver.store.query(
          'SELECT (SELECT count(*) FROM applications)::int AS applications, (SELECT count(*) FROM revisions)::int AS revisions',
        );
        expect(rows[0]).toEqual({ applications: 0, revisions: 0 });

        // A surrogate pair (an emoji) is text like any other, and stored.
        const emoji = spoiled('"firstName":"Ada"', String.raw`"firstName":"Ada \ud83d\ude00"`);
        expect(
          (
            await rawRequest(`${receiver.url}/api/applications`, {
              headers: [
                ['Content-Type', 'application/json'],
                ['Idempotency-Key', 'k-emoji'],
              ],
              body: emoji,
            })
          ).status,
        ).toBe(201);
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    120_000,
  );
});
