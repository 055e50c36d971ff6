import { SECRET_PATTERN } from '../outbox/status-receipt';

/**
 * The status lookup's 200, read strictly (docs/receiver.md, "Where an application stands"): what
 * the status page shows, and nothing else. It holds nothing personal by the receiver's contract;
 * anything beyond these fields is dropped here, so the page could not show it even if sent.
 */

/** Where an application stands, as the receiver names it. */
export type Standing = 'received' | 'in-review' | 'accepted' | 'declined';

const STANDINGS: readonly string[] = ['received', 'in-review', 'accepted', 'declined'];
const REFERENCE = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;
const LANGUAGE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;
/** The receiver stores at most this many characters of a message to the creator. */
const MESSAGE_MAX = 2000;
/** More history than any application has: the rest is not drawn. */
const HISTORY_MAX = 50;

export interface StatusChange {
  status: Standing;
  /** ms since the epoch */
  changedAt: number;
}

export interface StatusAnswer {
  reference: string;
  receivedAt: number;
  status: Standing;
  changedAt: number;
  /** The team's message, for an accepted or declined application only. */
  message: string | null;
  /** The language the creator applied in, when the receiver knows it. */
  language: string | null;
  history: StatusChange[];
}

function isStanding(value: unknown): value is Standing {
  return typeof value === 'string' && STANDINGS.includes(value);
}

function moment(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : null;
}

/** The secret of a status link's fragment (`#…`), or null when it is not one. */
export function secretInFragment(hash: string): string | null {
  const secret = hash.startsWith('#') ? hash.slice(1) : hash;
  return SECRET_PATTERN.test(secret) ? secret : null;
}

/** The answer, or null when it is not one this page can show. */
export function parseStatusAnswer(body: unknown): StatusAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const fields = body as Record<string, unknown>;
  const receivedAt = moment(fields.receivedAt);
  const changedAt = moment(fields.changedAt);
  if (typeof fields.reference !== 'string' || !REFERENCE.test(fields.reference) || receivedAt === null || changedAt === null || !isStanding(fields.status))
    return null;
  const decided = fields.status === 'accepted' || fields.status === 'declined';
  const message = decided && typeof fields.message === 'string' && fields.message.trim() !== '' ? fields.message.slice(0, MESSAGE_MAX) : null;
  const language = typeof fields.language === 'string' && LANGUAGE.test(fields.language) ? fields.language : null;
  const history: StatusChange[] = [];
  for (const change of Array.isArray(fields.history) ? (fields.history as unknown[]).slice(0, HISTORY_MAX) : []) {
    if (typeof change !== 'object' || change === null) continue;
    const { status, changedAt: at } = change as Record<string, unknown>;
    const when = moment(at);
    if (isStanding(status) && when !== null) history.push({ status, changedAt: when });
  }
  return { reference: fields.reference, receivedAt, status: fields.status, changedAt, message, language, history };
}
