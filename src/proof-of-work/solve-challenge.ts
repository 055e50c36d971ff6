import type { AltchaChallenge } from './altcha-challenge';

/** Digests started together: one await per batch, not per number, keeps crypto.subtle busy. */
const BATCH = 500;

function bytesOfHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

function equal(digest: ArrayBuffer, expected: Uint8Array): boolean {
  const actual = new Uint8Array(digest);
  if (actual.length !== expected.length) return false;
  for (let index = 0; index < actual.length; index += 1) if (actual[index] !== expected[index]) return false;
  return true;
}

/**
 * The number n in [0, maxnumber] with hash(salt + n) = challenge, by trying each in turn with
 * crypto.subtle (in a Web Worker on the page, directly in the service worker); null when there
 * is none, or when `signal` is aborted (a newer challenge replaced this one).
 */
export async function solveChallenge(
  { algorithm, challenge, maxnumber, salt }: AltchaChallenge,
  signal?: AbortSignal,
  subtle: SubtleCrypto = crypto.subtle,
): Promise<number | null> {
  const expected = bytesOfHex(challenge);
  const encoder = new TextEncoder();
  for (let start = 0; start <= maxnumber; start += BATCH) {
    if (signal?.aborted) return null;
    const count = Math.min(BATCH, maxnumber - start + 1);
    const digests = await Promise.all(Array.from({ length: count }, (_, offset) => subtle.digest(algorithm, encoder.encode(salt + String(start + offset)))));
    const found = digests.findIndex((digest) => equal(digest, expected));
    if (found !== -1) return start + found;
  }
  return null;
}
