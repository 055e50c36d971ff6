/**
 * An ALTCHA challenge (its original, hash-based form, which altcha-lib/v1 creates and checks):
 * find the number n in [0, maxnumber] with hash(salt + n) = challenge. The receiver signs the
 * challenge, so only a solution of a challenge it issued counts, and the salt carries the
 * expiry (`?expires=<unix seconds>`), which the signature covers too.
 */
export interface AltchaChallenge {
  algorithm: 'SHA-1' | 'SHA-256' | 'SHA-512';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** ALTCHA's own default, for a challenge that names no maximum. */
const DEFAULT_MAX_NUMBER = 1_000_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The challenge in a JSON answer, or null when it is not one (a 404's body, an HTML page). */
export function parseChallenge(json: unknown): AltchaChallenge | null {
  if (!isRecord(json)) return null;
  const { algorithm, challenge, salt, signature, maxnumber = DEFAULT_MAX_NUMBER } = json;
  if (algorithm !== 'SHA-1' && algorithm !== 'SHA-256' && algorithm !== 'SHA-512') return null;
  if (typeof challenge !== 'string' || !/^[0-9a-f]+$/.test(challenge)) return null;
  if (typeof salt !== 'string' || typeof signature !== 'string') return null;
  if (typeof maxnumber !== 'number' || !Number.isSafeInteger(maxnumber) || maxnumber < 0) return null;
  return { algorithm, challenge, maxnumber, salt, signature };
}

/**
 * How long a challenge stays valid, by the server's clock (its expiry against the answer's Date),
 * so a device whose clock is wrong still knows when to solve a new one; null when it never expires.
 */
export function challengeLifetimeMs(challenge: AltchaChallenge, serverNow: number): number | null {
  const expires = Number(new URLSearchParams(challenge.salt.split('?')[1] ?? '').get('expires') ?? Number.NaN);
  return Number.isFinite(expires) ? expires * 1000 - serverNow : null;
}

/** The header value for a solved challenge: ALTCHA's payload, base64 of its JSON. */
export function solutionHeader(challenge: AltchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
