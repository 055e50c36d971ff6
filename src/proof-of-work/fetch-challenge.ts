import { challengeLifetimeMs, parseChallenge, type AltchaChallenge } from './altcha-challenge';

/** A challenge as fetched: what to solve, and until when (by this device's clock) a solution counts. */
export interface FetchedChallenge {
  challenge: AltchaChallenge;
  expiresAt: number;
}

/** A challenge whose answer names no expiry is solved again after this long all the same. */
const UNDATED_LIFETIME_MS = 10 * 60_000;

/**
 * Asks the receiver's challenge endpoint for a challenge: null when it asks for no proof of work
 * (`{ "required": false }`, an older receiver's 404, or anything that is not a challenge: an HTML
 * page, another receiver); rejects when it
 * cannot be reached (offline), so the caller asks again later rather than concluding it is off.
 */
export async function fetchChallenge(url: string, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): Promise<FetchedChallenge | null> {
  // Never from a cache: each challenge is good for one request.
  return readChallenge(await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } }), now);
}

/** The challenge an answer of the challenge endpoint holds, null for any other answer. */
export async function readChallenge(response: Response, now: () => number = Date.now): Promise<FetchedChallenge | null> {
  if (!response.ok) return null;
  const challenge = parseChallenge(await response.json().catch(() => null));
  if (!challenge) return null;
  const fetchedAt = now();
  const lifetime = challengeLifetimeMs(challenge, Date.parse(response.headers.get('Date') ?? '') || fetchedAt);
  return { challenge, expiresAt: fetchedAt + (lifetime ?? UNDATED_LIFETIME_MS) };
}
