/**
 * The receipt in a receiver's 201 (docs/receiver.md): a reference a person reads out and the
 * status page's link, whose fragment is the secret. Read strictly, because the link is opened from
 * the last step: a reference in the receiver's alphabet, and a link on this page's own origin (a
 * receiver elsewhere may not send the creator to another site) to `/status/` with a 43-character
 * base64url secret. Anything else, or a receiver that gives neither, is no receipt.
 */

/** 8 characters of 23456789ABCDEFGHJKMNPQRSTVWXYZ, as XXXX-XXXX. */
export const REFERENCE_PATTERN = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;
/** base64url of 256 bits, unpadded. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface Receipt {
  reference: string;
  statusUrl: string;
}

/** The status link, when it is one this page may open: its own origin, a path ending `/status/`, a secret as its fragment. */
export function isStatusUrl(value: string, pageOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.origin !== pageOrigin || url.username !== '' || url.password !== '' || url.search !== '') return false;
  return url.pathname.endsWith('/status/') && SECRET_PATTERN.test(url.hash.slice(1));
}

/** The receipt in a 201's body, or null. */
export function receiptIn(body: unknown, pageOrigin: string): Receipt | null {
  if (typeof body !== 'object' || body === null) return null;
  const { reference, statusUrl } = body as { reference?: unknown; statusUrl?: unknown };
  if (typeof reference !== 'string' || typeof statusUrl !== 'string') return null;
  if (!REFERENCE_PATTERN.test(reference) || !isStatusUrl(statusUrl, pageOrigin)) return null;
  return { reference, statusUrl };
}
