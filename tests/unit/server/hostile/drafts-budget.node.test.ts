// @vitest-environment node
// Drafts in transit could turn applications away. They asked no proof of
// work, counted in the applications' share (600 an hour per address) and stood on the
// applications' disk floor, so enough addresses storing 64 kB drafts for 30 days pushed the data
// folder under the floor and applications got 503 until the drafts expired. Now a draft's PUT has
// a budget of its own (server/drafts/drafts-budget.mjs): a share per client apart from
// applications', a quota of all drafts held, a floor of free space above the applications', and
// the proof of work applications need when it is on. Against the real server, on the embedded store.
import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { draftsFloorBytes, heldDraftBytes } from '../../../../server/drafts/drafts-budget.mjs';
import { storeDraft, takeDraft } from '../../../../server/drafts/drafts-table.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { DEFAULT_LIMITS, limitSettings } from '../../../../server/limits/limit-settings.mjs';
import { rawRequest } from '../../../support/http-request';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const MB = 1024 * 1024;
let free = 1024 * 1024 * MB;
let receiver: StartedReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver({
    proofOfWork: { hmacKey: 'k'.repeat(32), maxNumber: 1000, ttlMs: 20 * 60_000 },
    freeBytes: () => Promise.resolve(free),
    limits: {
      rateWindows: [{ points: 2, durationSeconds: 60 }],
      draftRateWindows: [{ points: 3, durationSeconds: 60 }],
      draftsMaxBytes: 150 * 1024,
    },
  });
}, 120_000);
afterAll(async () => {
  await stopTestReceiver(receiver);
});

async function proof(): Promise<string> {
  const challenge = (await rawRequest(`${receiver.url}/api/challenge`, { method: 'GET' })).json as Challenge;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no solution');
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature })).toString('base64');
}

async function putDraft(from: string, bytes = 1000, { proven = true } = {}) {
  const headers: Array<[string, string]> = [['Content-Type', 'application/octet-stream']];
  if (proven) headers.push(['Altcha', await proof()]);
  return rawRequest(`${receiver.url}${receiver.draftsPath}${randomBytes(16).toString('base64url')}`, {
    method: 'PUT',
    localAddress: from,
    headers,
    body: randomBytes(bytes),
  });
}

async function putApplication(from: string) {
  const headers: Array<[string, string]> = [
    ['Content-Type', 'application/json'],
    ['Idempotency-Key', randomBytes(12).toString('hex')],
    ['Altcha', await proof()],
  ];
  return rawRequest(`${receiver.url}${receiver.path}`, { method: 'PUT', localAddress: from, headers, body: JSON.stringify(sampleBody()) });
}

describe('drafts in transit have a budget of their own', () => {
  it('asks a proof of work of a draft when proof of work is on', async () => {
    const refused = await putDraft('127.0.7.1', 1000, { proven: false });
    expect(refused.status).toBe(428);
    expect(refused.json).toMatchObject({ challenge: '/api/challenge' });
    // A solution counts once, for a draft as for an application.
    const header = await proof();
    const id = () => `${receiver.url}${receiver.draftsPath}${randomBytes(16).toString('base64url')}`;
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/octet-stream'],
      ['Altcha', header],
    ];
    expect((await rawRequest(id(), { method: 'PUT', localAddress: '127.0.7.1', headers, body: randomBytes(100) })).status).toBe(201);
    expect((await rawRequest(id(), { method: 'PUT', localAddress: '127.0.7.1', headers, body: randomBytes(100) })).status).toBe(428);
  }, 60_000);

  it("a client's drafts have a share per address of their own, and never use up its applications' share", async () => {
    const from = '127.0.7.2';
    for (let index = 0; index < 3; index += 1) expect((await putDraft(from)).status).toBe(201);
    const over = await putDraft(from);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The applications' share (2 a minute here) is whole: both are stored.
    expect((await putApplication(from)).status).toBe(201);
    expect((await putApplication(from)).status).toBe(201);
  }, 60_000);

  it('all drafts together stay within DRAFTS_MAX_MB; applications are still stored', async () => {
    const from = '127.0.7.3';
    expect((await putDraft(from, 64 * 1024)).status).toBe(201);
    expect((await putDraft(from, 64 * 1024)).status).toBe(201);
    const full = await putDraft('127.0.7.4', 64 * 1024);
    expect(full.status).toBe(503);
    expect(full.headers['retry-after']).toBe('60');
    expect(full.json).toMatchObject({ error: expect.stringMatching(/as many drafts as it may/) as unknown });
    expect((await putApplication('127.0.7.4')).status).toBe(201);
  }, 60_000);

  it('drafts are refused well above the disk floor that applications use, applications still stored', async () => {
    // Between the applications' floor (256 MB) and the drafts' (512 MB).
    free = 300 * MB;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refused = await putDraft('127.0.7.5', 100);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect((await putApplication('127.0.7.5')).status).toBe(201);
    free = 1024 * 1024 * MB;
  }, 60_000);
});

const postgres = await freshPostgresDatabase();
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

describe.each([
  { name: 'embedded (PGlite)', databaseUrl: undefined as string | undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
])("the quota's count on $name", ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'counts the drafts held, not those taken or expired, and what was stored since its reading',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'drafts-budget-'));
      const store = await openStore({ databaseUrl, dataDir });
      try {
        const now = new Date();
        const later = new Date(now.getTime() + 3600_000);
        await storeDraft(store, { id: 'a'.repeat(22), content: randomBytes(1000), now, expiresAt: later });
        await storeDraft(store, { id: 'b'.repeat(22), content: randomBytes(2000), now, expiresAt: later });
        await storeDraft(store, {
          id: 'c'.repeat(22),
          content: randomBytes(4000),
          now: new Date(now.getTime() - 7200_000),
          expiresAt: new Date(now.getTime() - 3600_000),
        });
        await takeDraft(store, 'b'.repeat(22), now);
        const held = heldDraftBytes(store, { refreshMs: 60_000 });
        expect(await held.bytes()).toBe(1000);
        held.stored(500);
        expect(await held.bytes()).toBe(1500);
        expect(await heldDraftBytes(store).bytes()).toBe(1000);
      } finally {
        await store.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('settings', () => {
  it('reads the drafts own limits, and keeps their floor above the applications', () => {
    const defaults = limitSettings({});
    expect(defaults.draftRateWindows).toEqual([
      { points: 10, durationSeconds: 60 },
      { points: 30, durationSeconds: 3600 },
    ]);
    expect(defaults.draftsMaxBytes).toBe(64 * MB);
    const set = limitSettings({ DRAFT_RATE_LIMIT_PER_MINUTE: '0', DRAFT_RATE_LIMIT_PER_HOUR: '5', DRAFTS_MAX_MB: '16' });
    expect(set.draftRateWindows).toEqual([{ points: 5, durationSeconds: 3600 }]);
    expect(set.draftsMaxBytes).toBe(16 * MB);
    expect(() => limitSettings({ DRAFTS_MAX_MB: 'lots' })).toThrow(/DRAFTS_MAX_MB/);
    expect(draftsFloorBytes(DEFAULT_LIMITS)).toBe(512 * MB);
    expect(draftsFloorBytes({ ...DEFAULT_LIMITS, draftsMaxBytes: 1024 * MB })).toBe(1280 * MB);
    expect(draftsFloorBytes({ ...DEFAULT_LIMITS, diskFloorBytes: 0 })).toBe(0);
  });
});
