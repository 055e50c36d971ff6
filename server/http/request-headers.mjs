// The receiver's request headers, checked before a byte of the body is read: each must appear at
// most once, and a key or an id is 1 to 255 visible ASCII characters (IETF Idempotency-Key draft:
// the server defines the key's format; this one admits any UUID or token a client is likely to use).

const TOKEN = /^[\x21-\x7e]{1,255}$/;

/**
 * The one value of a header, null when absent, or undefined when it was sent more than once.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} name lower case
 */
export function singleHeader(req, name) {
  const values = req.headersDistinct[name];
  if (!values || values.length === 0) return null;
  return values.length === 1 ? (values[0] ?? null) : undefined;
}

/**
 * @param {string | null | undefined} value
 * @returns {value is string}
 */
export function isToken(value) {
  return typeof value === 'string' && TOKEN.test(value);
}

/**
 * Whether a Content-Type names JSON: `application/json`, with at most a UTF-8 charset.
 * @param {string | undefined} contentType
 */
export function isJsonContentType(contentType) {
  if (!contentType) return false;
  const [type, ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return parameters.every((parameter) => parameter === '' || /^charset="?utf-8"?$/.test(parameter));
}

/**
 * The client's revision number (Application-Revision), null when absent, NaN when malformed.
 * @param {string | null | undefined} value
 */
export function parseRevision(value) {
  if (value === null) return null;
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return Number.NaN;
  const revision = Number(value);
  return revision <= 2 ** 31 - 1 ? revision : Number.NaN;
}

/**
 * The language of the body from Content-Language (RFC 9110: a list of tags; the first is taken),
 * canonical ("fr-CA"), or null when absent or not a language tag. It is information about the
 * body, not a condition of accepting it, so a malformed one is ignored rather than refused.
 * @param {string | null | undefined} value
 */
export function parseContentLanguage(value) {
  const first = typeof value === 'string' ? value.split(',')[0]?.trim() : '';
  if (!first || first.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(first)[0] ?? null;
  } catch {
    return null;
  }
}
