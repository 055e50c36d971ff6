// The inbox's query string, read strictly: each parameter once at most, each in its form, or a
// 400 naming which (`invalid-status`, `invalid-from`, …). Shared by the list and the export.
//   status   received | in-review | accepted | declined
//   language a language tag, as the receiver stored it (Content-Language, canonical: `fr`, `en-US`)
//   from, to YYYY-MM-DD, days in UTC, both included, of the application's first receipt
//   q        1 to 100 characters, searched in name, e-mail and handles (folded: searchFold)
//   after    the `next` cursor of the page before; limit 1..100, 50 when not given (the list only)
import { parseJson } from '../http/parse-json.mjs';
import { refusal } from '../http/respond.mjs';
import { searchFold } from '../store/application-summary.mjs';

export const STATUSES = Object.freeze(['received', 'in-review', 'accepted', 'declined']);
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
const MAX_QUERY_CHARACTERS = 100;
const KNOWN = ['status', 'language', 'from', 'to', 'q', 'after', 'limit'];

/**
 * @typedef {{
 *   status: string | null, language: string | null, from: Date | null, until: Date | null, q: string | null,
 *   after: { at: string, id: string } | null, limit: number,
 * }} InboxFilters until: the first instant after `to`'s day; q: folded; after: the cursor's place
 */

/** @param {string} name */
function invalid(name) {
  return refusal(400, `invalid ${name}`, `invalid-${name}`);
}

/**
 * A day as YYYY-MM-DD, a real one, as its first instant in UTC; null when absent.
 * @param {string | null} value
 * @param {string} name
 */
function day(value, name) {
  if (value === null || value === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw invalid(name);
  const date = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) throw invalid(name);
  return date;
}

/**
 * The cursor a page gives for the next: its last row's first receipt (to the microsecond, as the
 * store keeps it) and id, opaque to the client.
 * @param {string} at
 * @param {string} id
 */
export function cursorOf(at, id) {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** @param {string} cursor */
function placeOf(cursor) {
  if (cursor.length > 400 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid('cursor');
  try {
    const place = parseJson(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(place) && place.length === 2) {
      const at = /** @type {unknown} */ (place[0]);
      const id = /** @type {unknown} */ (place[1]);
      if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) && typeof id === 'string' && id.length > 0 && id.length <= 255)
        return { at, id };
    }
  } catch {
    // said below
  }
  throw invalid('cursor');
}

/**
 * @param {URLSearchParams} query
 * @param {{ paged: boolean }} options paged: after and limit are read (the list), else refused (the export)
 * @returns {InboxFilters}
 */
export function inboxFilters(query, { paged }) {
  for (const name of new Set(query.keys())) {
    if (!KNOWN.includes(name) || (!paged && (name === 'after' || name === 'limit'))) throw refusal(400, 'unknown parameter', 'invalid-parameter');
    if (query.getAll(name).length > 1) throw invalid(name);
  }
  const status = query.get('status') || null;
  if (status !== null && !STATUSES.includes(status)) throw invalid('status');
  let language = query.get('language') || null;
  if (language !== null) {
    try {
      if (language.length > 35) throw new RangeError('too long');
      language = Intl.getCanonicalLocales(language)[0] ?? null;
    } catch {
      throw invalid('language');
    }
  }
  const from = day(query.get('from'), 'from');
  const to = day(query.get('to'), 'to');
  if (from && to && to < from) throw invalid('to');
  const typed = (query.get('q') ?? '').trim();
  if (Array.from(typed).length > MAX_QUERY_CHARACTERS || typed.includes('\u0000')) throw invalid('q');
  const q = typed === '' ? null : searchFold(typed);
  const limitText = query.get('limit');
  const limit = limitText === null ? DEFAULT_LIMIT : /^[1-9][0-9]{0,2}$/.test(limitText) ? Number(limitText) : 0;
  if (limit < 1 || limit > MAX_LIMIT) throw invalid('limit');
  const afterText = query.get('after');
  return {
    status,
    language,
    from,
    until: to ? new Date(to.getTime() + 24 * 60 * 60 * 1000) : null,
    q,
    after: afterText ? placeOf(afterText) : null,
    limit,
  };
}
