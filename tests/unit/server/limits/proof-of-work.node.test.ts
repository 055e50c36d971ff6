// @vitest-environment node
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS, challengePath, proofOfWorkSettings } from '../../../../server/limits/proof-of-work.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const HMAC_KEY = 'a-test-key-of-at-least-thirty-two-characters';
let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

function put(receiver: StartedReceiver, headers: Record<string, string> = {}) {
  const all: Array<[string, string]> = [['Content-Type', 'application/json'], ['Idempotency-Key', unique('key')], ...Object.entries(headers)];
  return rawRequest(`${receiver.url}/api/applications`, { headers: all, body: JSON.stringify(sampleBody()) });
}

/** The `Altcha` header the page sends: the solved challenge, base64 of its JSON. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no solution');
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature })).toString('base64');
}

async function freshChallenge(receiver: StartedReceiver): Promise<Challenge> {
  const answer = await rawRequest(`${receiver.url}/api/challenge`, { method: 'GET' });
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return answer.json as Challenge;
}

describe('proofOfWorkSettings', () => {
  it('is off unless PROOF_OF_WORK=on, and refuses anything else', () => {
    expect(proofOfWorkSettings({})).toBeNull();
    expect(proofOfWorkSettings({ PROOF_OF_WORK: 'off' })).toBeNull();
    expect(proofOfWorkSettings({ PROOF_OF_WORK: 'on' })).toEqual({ hmacKey: null, maxNumber: 10_000, ttlMs: CHALLENGE_TTL_MS });
    expect(() => proofOfWorkSettings({ PROOF_OF_WORK: 'yes' })).toThrow(/PROOF_OF_WORK/);
    expect(() => proofOfWorkSettings({ PROOF_OF_WORK: 'on', PROOF_OF_WORK_HMAC_KEY: 'short' })).toThrow(/at least 32/);
    expect(() => proofOfWorkSettings({ PROOF_OF_WORK: 'on', PROOF_OF_WORK_MAX_NUMBER: '12.5' })).toThrow(/MAX_NUMBER/);
  });

  it('puts the challenge endpoint beside the receiver', () => {
    expect(challengePath('/api/applications')).toBe('/api/challenge');
    expect(challengePath('/submit')).toBe('/challenge');
  });
});

describe('with proof of work off (the default)', () => {
  let receiver: StartedReceiver;
  beforeAll(async () => {
    receiver = await startTestReceiver();
  }, 60_000);
  afterAll(async () => {
    await stopTestReceiver(receiver);
  });

  it('answers the challenge path that none is required (no 404 for the console to log), never cached, and stores a PUT without a solution', async () => {
    const challenge = await rawRequest(`${receiver.url}/api/challenge`, { method: 'GET' });
    expect(challenge.status).toBe(200);
    expect(challenge.headers['content-type']).toMatch(/^application\/json/);
    expect(challenge.headers['cache-control']).toBe('no-store');
    expect(challenge.json).toEqual({ required: false });
    expect((await put(receiver)).status).toBe(201);
  });
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('with PROOF_OF_WORK=on, on the $name store', ({ databaseUrl, skip }) => {
  let receiver: StartedReceiver;
  beforeAll(async () => {
    if (skip) return;
    receiver = await startTestReceiver({ databaseUrl, proofOfWork: { hmacKey: HMAC_KEY, maxNumber: 2_000, ttlMs: CHALLENGE_TTL_MS } });
  }, 60_000);
  afterAll(async () => {
    if (!skip) await stopTestReceiver(receiver);
  });

  it.skipIf(skip)('refuses a PUT without a solution with 428, saying where to get a challenge', async () => {
    const answer = await put(receiver);
    expect(answer.status).toBe(428);
    expect(answer.json).toEqual({ error: expect.stringContaining('GET /api/challenge') as string, challenge: '/api/challenge' });
  });

  it.skipIf(skip)('stores a PUT with a valid solution, and refuses the same solution a second time', async () => {
    const header = await solved(await freshChallenge(receiver));
    expect((await put(receiver, { Altcha: header })).status).toBe(201);
    const reused = await put(receiver, { Altcha: header });
    expect(reused.status).toBe(428);
    expect((reused.json as { error: string }).error).toContain('already used');
  });

  it.skipIf(skip)('refuses a solution of an expired challenge', async () => {
    const expired = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 2_000, expires: new Date(Date.now() - 1000) });
    const answer = await put(receiver, { Altcha: await solved(expired) });
    expect(answer.status).toBe(428);
    expect((answer.json as { error: string }).error).toContain('expired');
  });

  it.skipIf(skip)('refuses a wrong number, a challenge it did not sign, and a header that is no payload', async () => {
    const challenge = await freshChallenge(receiver);
    const wrong = JSON.parse(Buffer.from(await solved(challenge), 'base64').toString('utf8')) as { number: number };
    const wrongNumber = Buffer.from(JSON.stringify({ ...wrong, number: wrong.number + 1 })).toString('base64');
    const foreign = await solved(await createChallenge({ hmacKey: `${HMAC_KEY}-another`, maxNumber: 2_000, expires: new Date(Date.now() + 60_000) }));
    for (const header of [wrongNumber, foreign, 'not base64 json']) {
      const answer = await put(receiver, { Altcha: header });
      expect(answer.status).toBe(428);
    }
  });
});

describe('the key made when none is configured', () => {
  it('is kept in the store, so a solution of a challenge issued before a restart is still accepted after it', async () => {
    const settings = { hmacKey: null, maxNumber: 2_000, ttlMs: CHALLENGE_TTL_MS };
    const first = await startTestReceiver({ proofOfWork: settings });
    const challenge = await freshChallenge(first);
    await stopTestReceiver(first, { keepData: true });
    const again = await startTestReceiver({ dataDir: first.dataDir, proofOfWork: settings });
    try {
      expect((await put(again, { Altcha: await solved(challenge) })).status).toBe(201);
    } finally {
      await stopTestReceiver(again);
    }
  }, 60_000);
});
