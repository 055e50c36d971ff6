/**
 * The first 16 hex digits of the SHA-256 of a config.json's text, as the build and the app both
 * compute it (Web Crypto, in Node and in the browser), so the app can tell that the file it
 * fetched is byte for byte the one the build checked. Undefined where the page has no Web Crypto
 * (a plain-HTTP origin other than localhost): the app then checks the file itself.
 */
export async function configDigest(text: string, subtle: SubtleCrypto | null = webCrypto()): Promise<string | undefined> {
  if (!subtle) return undefined;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Web Crypto's digests, which browsers give secure contexts only (HTTPS, localhost). */
function webCrypto(): SubtleCrypto | null {
  // Typed as always there, but absent outside a secure context.
  const crypto = globalThis.crypto as Crypto | undefined;
  const subtle: SubtleCrypto | undefined = crypto?.subtle;
  return subtle ?? null;
}
