/**
 * The last check before an analytics event or an error report leaves the device: whatever
 * the creator typed, any e-mail address and any query string are replaced, wherever they
 * hide (messages, stack frames, breadcrumbs, URLs, nested extras).
 */

export const FILTERED = '[Filtered]';

// Shorter values ("1", "No", a country code) are also words of ordinary messages; replacing
// them would garble reports without protecting anyone.
const MIN_PERSONAL_LENGTH = 3;
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
// A query string on an absolute or relative URL: "?" up to the fragment, a quote or a space.
const QUERY_STRING = /(\b(?:https?:\/\/|\/)[^\s?#"'<>]*)\?[^\s#"'<>]*/g;

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A function that scrubs one string of the given personal values, e-mails and query strings. */
export function stringScrubber(personalValues: readonly string[]): (text: string) => string {
  const values = [...new Set(personalValues.map((value) => value.trim()))]
    .filter((value) => value.length >= MIN_PERSONAL_LENGTH)
    // Longest first, so "Ada Lovelace" goes before "Ada".
    .sort((a, b) => b.length - a.length);
  const personal = values.length > 0 ? new RegExp(values.map(escapeForPattern).join('|'), 'gi') : null;
  return (text) => {
    let scrubbed = text.replace(QUERY_STRING, '$1').replace(EMAIL, FILTERED);
    if (personal) scrubbed = scrubbed.replace(personal, FILTERED);
    return scrubbed;
  };
}

/** A deep copy of `value` with every string scrubbed; keys are kept, cycles cut. */
export function scrubPersonalData<T>(value: T, personalValues: readonly string[]): T {
  const scrub = stringScrubber(personalValues);
  const seen = new WeakSet<object>();
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return scrub(item);
    if (item === null || typeof item !== 'object') return item;
    if (seen.has(item)) return FILTERED;
    seen.add(item);
    if (Array.isArray(item)) return item.map(walk);
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(item)) copy[key] = walk(entry);
    return copy;
  };
  return walk(value) as T;
}
