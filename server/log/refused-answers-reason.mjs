// The log's reason for a 422: which rule refused which part of the programme, never what the
// client sent. The 422's body gives the client its own issues back (its keys in the paths, the
// messages); the log line is read by others, kept for months and shipped to collectors, so a key
// that is an e-mail address (`{"ada@example.com": 1}`) or a forged log line must not reach it.
//
// Each issue becomes `<rule> at <path>`. The path keeps only the names the application body's
// format and the programme define (docs/application-body.md; every name config.json holds) and
// answer numbers: at the first name of any other origin it is cut, and the rule becomes
// `unknown-answer` (`{"ada@example.com": 1}` is `unknown-answer at body`, an unknown personal
// field `unknown-answer at personalInfo`). The rule is the issue's own when the validator names one
// as a plain identifier, else a name from a fixed list chosen by the kind of message (never the
// message itself, which may quote a key: `"x" is answered twice`).
import { escapeLogText } from './log-text.mjs';

/** The kind of every 422's reason, what the metrics count it by (metrics.mjs's refusalKind). */
export const REFUSED_ANSWERS = 'answers the wizard would refuse';
/** How many issues the reason names; a body with more is named by these and a count. */
const MAX_NAMED = 10;

/** The names of the application body's format (docs/application-body.md), whatever the programme. */
const BODY_NAMES = new Set([
  'personalInfo',
  'platforms',
  'fields',
  'single',
  'key',
  'value',
  'explanation',
  'phone',
  'subscriber',
  'platformCards',
  'agreement',
  'filled',
  'firstName',
  'lastName',
  'emailAddress',
  'addressFirstLine',
  'addressSecondLine',
  'city',
  'zip',
  'company',
  'provinceCode',
  'countryCode',
  'instagram',
  'facebook',
  'youtube',
  'twitter',
  'tiktok',
  'twitch',
  'website',
  'pinterest',
  'linkedin',
  'snapchat',
  'threads',
  'reddit',
  'handle',
  'followers',
  'url',
  'monthlyTraffic',
  'files',
]);

/** A name as a programme writes one: what a question's path is made of. */
const NAME = /^[A-Za-z_$][\w$-]{0,63}$/;
/** An answer's number in a list (`fields.3`). */
const INDEX = /^\d{1,4}$/;
/** A rule's name as the validator may give it (`required`, `maxLength`, `unknown-answer`). */
const RULE = /^[A-Za-z][\w-]{0,47}$/;

/**
 * Every name a programme's config.json defines: the parts of each of its strings that read as a
 * dotted path (`fields.single.children` gives `fields`, `single`, `children`). The deployer's
 * words, so naming them tells nothing of a creator.
 * @param {string} configText
 * @returns {Set<string>}
 */
export function programmeNames(configText) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {unknown} value */
  const walk = (value) => {
    if (typeof value === 'string') {
      const parts = value.split('.');
      if (value.length <= 256 && parts.every((part) => NAME.test(part))) for (const part of parts) names.add(part);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) walk(item);
    }
  };
  try {
    walk(JSON.parse(configText));
  } catch {
    // Not JSON: only the body's own names are known.
  }
  return names;
}

/**
 * A fixed rule name for an issue that names none, chosen by what its message is about.
 * @param {string} message
 */
function ruleOfMessage(message) {
  if (/^unknown\b|is not a question of this programme$/.test(message)) return 'unknown-answer';
  if (/is answered twice$/.test(message)) return 'answered-twice';
  if (/^expected\b/.test(message)) return 'malformed';
  return 'invalid';
}

/**
 * One issue as the log may say it: `<rule> at <path>`.
 * @param {{ path: string, message: string, rule?: unknown }} issue
 * @param {ReadonlySet<string>} programme the programme's names (programmeNames)
 */
export function loggedIssue(issue, programme) {
  // A file's place is written `files.<key>[i]` (server/applications/named-files-checks.mjs): its number is an answer number too.
  const parts = typeof issue.path === 'string' && issue.path !== '' ? issue.path.replace(/\[(\d{1,4})\]/g, '.$1').split('.') : [];
  const known = [];
  for (const part of parts) {
    if (!(INDEX.test(part) || (NAME.test(part) && (BODY_NAMES.has(part) || programme.has(part))))) break;
    known.push(part);
  }
  const cut = known.length < parts.length;
  const rule = cut ? 'unknown-answer' : typeof issue.rule === 'string' && RULE.test(issue.rule) ? issue.rule : ruleOfMessage(issue.message);
  // Nothing here came from the client, but the log's escaping is the last word on what a line holds.
  return escapeLogText(`${rule} at ${known.length > 0 ? known.join('.') : 'body'}`);
}

/**
 * The log's reason for refusing a body with these issues: `answers the wizard would refuse: `, then
 * each distinct `<rule> at <path>`, at most ten, then how many more.
 * @param {ReadonlyArray<{ path: string, message: string, rule?: unknown }>} issues
 * @param {ReadonlySet<string>} [programme] the programme's names; without them, only the body's own are named
 */
export function refusedAnswersReason(issues, programme = new Set()) {
  const named = [...new Set(issues.map((issue) => loggedIssue(issue, programme)))];
  const more = named.length > MAX_NAMED ? ` and ${String(named.length - MAX_NAMED)} more` : '';
  return `${REFUSED_ANSWERS}: ${named.slice(0, MAX_NAMED).join(', ')}${more}`;
}

/**
 * The names of the programme applied now, read again only when it changes.
 * @param {() => Promise<{ digest: string, text: string }>} current the programme source's (programme-source.mjs)
 * @returns {() => Promise<ReadonlySet<string>>}
 */
export function currentProgrammeNames(current) {
  /** @type {{ digest: string, names: Set<string> } | null} */
  let last = null;
  return async () => {
    const programme = await current();
    if (last?.digest !== programme.digest) last = { digest: programme.digest, names: programmeNames(programme.text) };
    return last.names;
  };
}
