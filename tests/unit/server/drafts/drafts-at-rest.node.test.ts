// @vitest-environment node
// A draft in transit as the browser makes it (src/handover/draft-envelope.ts), through the real
// receiver, on both stores: the creator's answers are nowhere in what the receiver keeps (the
// embedded store's data folder searched byte for byte, PostgreSQL's table searched by SQL), and
// a ciphertext changed at rest comes back refused by the browser's own check as tampered.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApplicationValues } from '../../../../src/application/values/application-values';
import { parseConfigText } from '../../../../src/config/parse-config';
import { programmeFormOf } from '../../../../src/config/programme-form-of';
import { EnvelopeError, decryptDraft, encryptDraft } from '../../../../src/handover/draft-envelope';
import type { HandoverPayload } from '../../../../src/handover/handover-payload';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { filesHolding } from '../../../support/files-holding';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the drafts-at-rest PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

/** An address found nowhere else, so finding it can only mean the draft's answers. */
const EMAIL = 'quillon.verhagen.draft7@example.net';
/** The same kind of address, stored in plain text on purpose: the search must find it. */
const CONTROL = 'control.plaintext.draft7@example.net';

/** The default programme's values as the wizard holds them, with the creator's details typed in. */
const values = ((): ApplicationValues => {
  const parsed = parseConfigText(readFileSync(new URL('../../../../public/config.json', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error('public/config.json is invalid');
  const empty = programmeFormOf(parsed.config).emptyValues;
  return {
    ...empty,
    personalInfo: {
      ...empty.personalInfo,
      firstName: 'Quillon',
      lastName: 'Verhagen',
      emailAddress: EMAIL,
      phone: { countryCode: '1', subscriber: '5557654321' },
      city: 'Portland',
    },
    platforms: { ...empty.platforms, instagram: { handle: 'quillon.at.home', followers: '12000' } },
    platformCards: ['instagram'],
  };
})();

function payload(): HandoverPayload {
  return {
    format: 1,
    applicationId: '5d1e0c7a-3b2f-4e8d-a6c9-0f1e2d3c4b5a',
    revision: 3,
    savedAt: 1_764_000_000_000,
    programme: '0123456789abcdef',
    wizard: { current: 1, reached: [0, 1] },
    values,
  };
}

const draftUrl = (receiver: StartedReceiver, id: string) => `${receiver.url}${receiver.draftsPath}${id}`;

function putDraft(receiver: StartedReceiver, id: string, bytes: Uint8Array) {
  return rawRequest(draftUrl(receiver, id), { method: 'PUT', headers: [['Content-Type', 'application/octet-stream']], body: Buffer.from(bytes) });
}

async function getDraft(receiver: StartedReceiver, id: string): Promise<{ status: number; bytes: Uint8Array }> {
  const response = await fetch(draftUrl(receiver, id));
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The drafts whose stored bytes hold this text, found by the database itself. */
async function rowsHolding(receiver: StartedReceiver, text: string): Promise<number> {
  const { rows } = await receiver.store.query("SELECT count(*) AS n FROM receiver_drafts.drafts WHERE position(convert_to($1, 'UTF8') IN content) > 0", [text]);
  return Number(rows[0]?.n);
}

describe.each(stores)('drafts at rest on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    "keeps no answer in plain text: the draft's e-mail address is in no byte the receiver stored",
    async () => {
      const receiver = await startTestReceiver({ databaseUrl });
      let stopped = false;
      try {
        expect(JSON.stringify(payload())).toContain(EMAIL);
        const sealed = await encryptDraft(payload());
        expect((await putDraft(receiver, sealed.id, sealed.ciphertext)).status).toBe(201);
        // The search can fail: a draft sent in plain text is found by it.
        const control = new TextEncoder().encode(JSON.stringify({ personalInfo: { emailAddress: CONTROL } }));
        expect((await putDraft(receiver, `${sealed.id}x`, control)).status).toBe(201);

        expect(await rowsHolding(receiver, CONTROL)).toBe(1);
        expect(await rowsHolding(receiver, EMAIL)).toBe(0);
        const { rows } = await receiver.store.query('SELECT content FROM receiver_drafts.drafts');
        const stored = rows.map((row) => Buffer.from(row.content as Uint8Array));
        expect(stored.some((bytes) => bytes.includes(CONTROL))).toBe(true);
        expect(stored.some((bytes) => bytes.includes(EMAIL))).toBe(false);

        if (!databaseUrl) {
          // Committed, so in the WAL already; after the close's checkpoint, in the table's files too.
          expect(await filesHolding(receiver.dataDir, CONTROL)).not.toEqual([]);
          expect(await filesHolding(receiver.dataDir, EMAIL)).toEqual([]);
          await stopTestReceiver(receiver, { keepData: true });
          stopped = true;
          expect(await filesHolding(receiver.dataDir, CONTROL)).not.toEqual([]);
          expect(await filesHolding(receiver.dataDir, EMAIL)).toEqual([]);
        }
      } finally {
        if (!stopped) await stopTestReceiver(receiver);
        await rm(receiver.dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it.skipIf(skip)(
    'gives back the bytes as sealed, and a byte changed at rest makes the browser refuse them as tampered',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl });
      try {
        const intact = await encryptDraft(payload());
        expect((await putDraft(receiver, intact.id, intact.ciphertext)).status).toBe(201);
        const fetched = await getDraft(receiver, intact.id);
        expect(fetched.status).toBe(200);
        expect(await decryptDraft(fetched.bytes, intact)).toEqual(payload());

        const sealed = await encryptDraft(payload());
        expect((await putDraft(receiver, sealed.id, sealed.ciphertext)).status).toBe(201);
        // One bit of one byte, in the encrypted answers, changed where the receiver keeps them.
        const at = Math.floor(sealed.ciphertext.length / 2);
        await receiver.store.query('UPDATE receiver_drafts.drafts SET content = set_byte(content, $2, get_byte(content, $2) # 1) WHERE id = $1', [
          sealed.id,
          at,
        ]);
        const tampered = await getDraft(receiver, sealed.id);
        expect(tampered.status).toBe(200);
        expect(tampered.bytes.length).toBe(sealed.ciphertext.length);
        expect([...tampered.bytes].filter((byte, index) => byte !== sealed.ciphertext[index])).toHaveLength(1);
        const error: unknown = await decryptDraft(tampered.bytes, sealed).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(EnvelopeError);
        expect((error as EnvelopeError).kind).toBe('tampered');
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );
});
