/**
 * The last check before an analytics event or an error report leaves the device: whatever
 * the creator typed (in whatever format it comes back: a phone with or without its dashes),
 * any e-mail address, and any URL's query string and #fragment are removed, wherever they
 * hide (messages, stack frames, breadcrumbs, URLs such as posthog's $current_url, nested
 * extras); so are properties named after campaign parameters. A resume link's #resume=
 * fragment is dropped from any string, URL or not, since it holds the key to a handed-over draft.
 */

export const FILTERED = '[Filtered]';

// Shorter values ("1", "No", a country code) are also words of ordinary messages; replacing
// them would garble reports without protecting anyone.
const MIN_PERSONAL_LENGTH = 3;
// Up to this length a value is matched as a whole word only: "Ada" is scrubbed in "Ada wrote",
// not in "Adapter". Longer values are scrubbed wherever they appear.
const WHOLE_WORD_BELOW = 6;
// A value with this many digits is a number a person can format (a phone, an account number).
const MIN_FORMATTED_DIGITS = 7;
// Between two digits of such a value, the separators people and libraries write.
const DIGIT_SEPARATORS = String.raw`[\s().\-/+]{0,3}`;
// An address, plain or percent-encoded in a URL ("ada%40example.org"), in any case.
const EMAIL = /[\p{L}\p{N}.!#$'*+^_`{|}~-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu;
// The query string and the #fragment of an absolute or relative URL: they carry search terms,
// tokens and campaign parameters (utm_source, gclid, …), never needed to read a report. The word
// boundary is the scheme's only: before a '/' it would need a letter, and miss "GET /?token=…".
const URL_TAIL = /((?:\bhttps?:\/\/|\/)[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;
// A resume link's fragment (#resume=<id>.<key>, also percent-encoded inside another URL): its key
// opens the creator's handed-over draft. Dropped wherever it is, even without a URL before it
// (location.hash in a message), and whatever follows it up to a space or quote, valid or not.
const RESUME_FRAGMENT = /(?:#|%23)resume(?:=|%3D)[^\s"'<>]*/gi;
// The same id and key without the '#' (a parameter read out of the fragment).
const RESUME_TOKEN = /\bresume=[A-Za-z0-9_-]{22,64}\.[A-Za-z0-9_-]{43}/gi;
// A draft's id in the receiver's path (…/drafts/<id>, a fetch breadcrumb): it names one creator's
// handed-over draft, which no report needs; the path is kept, the id replaced, as the receiver logs it.
const DRAFT_PATH = /(\/drafts\/)[A-Za-z0-9_-]{22,64}/g;
// Properties that name campaign parameters, under any prefix posthog or a library may use ($initial_utm_source).
const CAMPAIGN_KEY =
  /(^|[_$])(utm_[a-z]+|gclid|gbraid|wbraid|gad_source|fbclid|msclkid|dclid|twclid|li_fat_id|mc_cid|mc_eid|igshid|ttclid|_kx|epik|rdt_cid|irclid|qclid|sccid)$/i;

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The pattern one typed value is found by, however it was formatted on the way. */
function patternFor(value: string): string {
  const digits = value.replace(/\D/g, '');
  // A phone typed "5035550142" reappears as "(503) 555-0142" or "+1 503-555-0142", and the reverse.
  if (digits.length >= MIN_FORMATTED_DIGITS && digits.length * 2 >= value.replace(/\s/g, '').length) {
    // With or without a country code in front ("+1 503…", "+1503…").
    return String.raw`(?<!\d)(?:\+?\d{1,3}${DIGIT_SEPARATORS})?${digits.split('').join(DIGIT_SEPARATORS)}(?!\d)`;
  }
  // Spacing is not kept: "Ada  Lovelace" and "Ada Lovelace" are the same name.
  const text = value
    .split(/\s+/)
    .map(escapeForPattern)
    .join(String.raw`\s+`);
  return value.length < WHOLE_WORD_BELOW ? String.raw`(?<![\p{L}\p{N}])${text}(?![\p{L}\p{N}])` : text;
}

/** A function that scrubs one string of the given personal values, e-mails, query strings and fragments. */
export function stringScrubber(personalValues: readonly string[]): (text: string) => string {
  const values = [...new Set(personalValues.map((value) => value.trim()))]
    .filter((value) => value.length >= MIN_PERSONAL_LENGTH)
    // Longest first, so "Ada Lovelace" goes before "Ada".
    .sort((a, b) => b.length - a.length);
  const personal = values.length > 0 ? new RegExp(values.map(patternFor).join('|'), 'giu') : null;
  return (text) => {
    let scrubbed = text
      .replace(RESUME_FRAGMENT, '')
      .replace(RESUME_TOKEN, FILTERED)
      .replace(DRAFT_PATH, '$1:id')
      .replace(URL_TAIL, '$1')
      .replace(EMAIL, FILTERED);
    if (personal) scrubbed = scrubbed.replace(personal, FILTERED);
    return scrubbed;
  };
}

/** A deep copy of `value` with every string scrubbed; keys are kept (but campaign parameters dropped), cycles cut. */
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
    for (const [key, entry] of Object.entries(item)) {
      if (!CAMPAIGN_KEY.test(key)) copy[key] = walk(entry);
    }
    return copy;
  };
  return walk(value) as T;
}
