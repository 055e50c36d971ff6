import { decodeBase64url } from './base64url';
import { DRAFT_ID } from './draft-id';

/**
 * The resume link: the page's address with `#resume=<id>.<key>`. A fragment never reaches a
 * server (nor a Referer), so the receiver sees the id alone and never the key. Parsing is strict:
 * anything but exactly one id and one 256-bit key is not a resume link.
 */

const FRAGMENT = /^#resume=([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9_-]{43})$/;
const KEY_BYTES = 32;

/** The link that opens the draft stored under `id` with `key`, on the page at `base` (its own fragment replaced). */
export function resumeLink(base: string, id: string, key: string): string {
  if (!DRAFT_ID.test(id) || decodeBase64url(key)?.length !== KEY_BYTES) throw new TypeError('resumeLink: not a draft id and 256-bit key');
  const url = new URL(base);
  url.hash = `resume=${id}.${key}`;
  return url.href;
}

/** The id and key of a `#resume=` fragment (location.hash); null for anything else. */
export function readResumeFragment(hash: string): { id: string; key: string } | null {
  const match = FRAGMENT.exec(hash);
  if (!match) return null;
  const [, id = '', key = ''] = match;
  // The alphabet and length allow a 43rd character with stray low bits: not the key's spelling.
  if (decodeBase64url(key)?.length !== KEY_BYTES) return null;
  return { id, key };
}

/** The URL without its fragment when that fragment carries a resume link (even a malformed one); otherwise unchanged. */
export function withoutResumeFragment(url: string): string {
  const hashAt = url.indexOf('#');
  if (hashAt === -1) return url;
  return /(^|[#&;])resume=/i.test(url.slice(hashAt)) ? url.slice(0, hashAt) : url;
}
