// What the team's inbox lists and searches of an application, taken from its latest body once,
// when the body is stored (server/applications/applications-table.mjs) or when migration 10 fills
// it for what was stored before: the creator's name, handles and a search text. Read from the
// body in JavaScript, not SQL: SQL's lower() folds ASCII only under PGlite's C locale, so "Émile"
// would not meet "émile"; the search text and a query are folded by the one function below.
import { normalisedEmail } from './email-match.mjs';

/**
 * Text folded for a search: composed (NFC) and lower-cased by Unicode's rules, so a search is
 * case-insensitive in every script and an accent is matched as it was typed ("é" is not "e").
 * @param {string} text
 */
export function searchFold(text) {
  return text.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

/** @param {unknown} value */
function text(value) {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The name, e-mail (as revisions.email holds it), handles and search text of a body
 * (docs/application-body.md): handles of every platform that has one, by platform name.
 * @param {unknown} body
 * @returns {{ name: string, email: string | null, handle: string, search: string }}
 */
export function summaryOfBody(body) {
  const { personalInfo, platforms } = /** @type {{ personalInfo?: Record<string, unknown>, platforms?: unknown }} */ (
    typeof body === 'object' && body !== null ? body : {}
  );
  const name = [text(personalInfo?.firstName), text(personalInfo?.lastName)].filter(Boolean).join(' ');
  const address = text(personalInfo?.emailAddress);
  const email = address ? normalisedEmail(address) : null;
  const handles = Object.entries(typeof platforms === 'object' && platforms !== null ? /** @type {Record<string, unknown>} */ (platforms) : {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, entry]) => text(/** @type {{ handle?: unknown }} */ (typeof entry === 'object' && entry !== null ? entry : {}).handle))
    .filter(Boolean);
  const handle = handles.join(', ');
  return { name, email, handle, search: searchFold([name, email ?? '', ...handles].join('\n')) };
}
