import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AltchaChallenge } from '../../../src/proof-of-work/altcha-challenge';
import type { FetchedChallenge } from '../../../src/proof-of-work/fetch-challenge';
import { createProofs, EXPIRY_MARGIN_MS } from '../../../src/proof-of-work/proofs';

const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);
const LIFETIME_MS = 20 * 60_000;
let issued = 0;

/** A challenge endpoint that issues numbered challenges, each valid for 20 minutes from now. */
function endpoint() {
  return vi.fn(() => {
    issued += 1;
    const challenge: AltchaChallenge = { algorithm: 'SHA-256', challenge: `c${String(issued)}`, maxnumber: 10, salt: 's', signature: 'x' };
    return Promise.resolve<FetchedChallenge | null>({ challenge, expiresAt: Date.now() + LIFETIME_MS });
  });
}

/** The challenge a header carries. */
const challengeOf = (header: string | null) => (header === null ? null : (JSON.parse(atob(header)) as { challenge: string }).challenge);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
  issued = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createProofs', () => {
  it('solves ahead while warm, so the request takes a solution already made, and each request gets its own', async () => {
    const fetchChallenge = endpoint();
    const solve = vi.fn(() => Promise.resolve(3));
    const proofs = createProofs({ fetchChallenge, solve });
    const stop = proofs.warm();
    await vi.advanceTimersByTimeAsync(0);
    expect(solve).toHaveBeenCalledOnce();

    expect(challengeOf(await proofs.next())).toBe('c1');
    expect(challengeOf(await proofs.next())).toBe('c2');
    stop();
  });

  it('solves again shortly before the solution in hand expires', async () => {
    const fetchChallenge = endpoint();
    const proofs = createProofs({ fetchChallenge, solve: () => Promise.resolve(3) });
    const stop = proofs.warm();
    await vi.advanceTimersByTimeAsync(LIFETIME_MS - EXPIRY_MARGIN_MS - 1);
    expect(fetchChallenge).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
    expect(challengeOf(await proofs.next())).toBe('c2');
    stop();
  });

  it('never sends an expired solution: one left over from before sleeping is replaced', async () => {
    const proofs = createProofs({ fetchChallenge: endpoint(), solve: () => Promise.resolve(3) });
    proofs.warm()();
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(T0 + LIFETIME_MS);
    expect(challengeOf(await proofs.next())).toBe('c2');
  });

  it('offline, sends without one and asks again for the next request, once the connection is back', async () => {
    const fetchChallenge = vi.fn((): Promise<FetchedChallenge | null> => Promise.reject(new TypeError('Failed to fetch')));
    const proofs = createProofs({ fetchChallenge, solve: () => Promise.resolve(3) });
    expect(await proofs.next()).toBeNull();
    fetchChallenge.mockImplementation(endpoint());
    expect(challengeOf(await proofs.next())).toBe('c1');
  });

  it('starts from the challenge it was given, and after a refusal drops what it solved ahead', async () => {
    const fetchChallenge = endpoint();
    const first: FetchedChallenge = {
      challenge: { algorithm: 'SHA-256', challenge: 'given', maxnumber: 10, salt: 's', signature: 'x' },
      expiresAt: T0 + LIFETIME_MS,
    };
    const proofs = createProofs({ first, fetchChallenge, solve: () => Promise.resolve(3) });
    expect(challengeOf(await proofs.next())).toBe('given');
    expect(fetchChallenge).not.toHaveBeenCalled();
    proofs.refused();
    expect(challengeOf(await proofs.next())).toBe('c1');
  });

  it('is null when the receiver asks for none', async () => {
    const proofs = createProofs({ fetchChallenge: () => Promise.resolve(null), solve: () => Promise.resolve(3) });
    expect(await proofs.next()).toBeNull();
  });
});
