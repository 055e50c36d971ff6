import type { Status } from './team-answers';

/**
 * The decision form's rules, as the server's (server/status/decide.mjs): a decision is in review,
 * accepted or declined, never the status the application has already; a message to the creator
 * goes only with accepted or declined, at most 2000 characters as a person counts them (code
 * points), without the few characters nothing can store. `after` is the last history entry the
 * reviewer saw: when someone decided meanwhile, the server refuses rather than overwrite.
 */
export type Decision = Exclude<Status, 'received'>;

export const DECISIONS: readonly Decision[] = ['in-review', 'accepted', 'declined'];
export const MESSAGE_LIMIT = 2000;

export interface DecisionForm {
  status: Decision | null;
  message: string;
}

export interface DecisionBody {
  status: Decision;
  message?: string;
  after: string | number;
}

const PLANE_ENDS = Array.from(
  { length: 17 },
  (_, plane) => `\\u{${(plane * 0x10000 + 0xfffe).toString(16)}}-\\u{${(plane * 0x10000 + 0xffff).toString(16)}}`,
).join('');
const UNSTORABLE = new RegExp(`[\\u{0}\\u{d800}-\\u{dfff}\\u{fdd0}-\\u{fdef}${PLANE_ENDS}]`, 'u');

/** Whether a decision carries a message to the creator (the e-mail and the status page show it). */
export function takesMessage(status: Decision | null): boolean {
  return status === 'accepted' || status === 'declined';
}

/** Characters as a person counts them, near enough: code points, not UTF-16 units. */
export function characterCount(message: string): number {
  return Array.from(message).length;
}

/** Why the form cannot be sent, in the page's words, or null when it can. */
export function decisionProblem(form: DecisionForm, current: Status): string | null {
  if (form.status === null) return 'Choose a decision.';
  if (form.status === current) return 'The application is already in this status: choose another.';
  if (!takesMessage(form.status)) return null;
  const count = characterCount(form.message.trim());
  if (count > MESSAGE_LIMIT) return `The message is ${String(count)} characters long: at most ${String(MESSAGE_LIMIT)}.`;
  if (UNSTORABLE.test(form.message)) return 'The message holds a character that cannot be stored: remove it.';
  return null;
}

/** The body of POST …/decision; a blank message, or one the status does not take, is left out. */
export function decisionBody(form: DecisionForm & { status: Decision }, after: string | number): DecisionBody {
  const message = form.message.trim();
  return takesMessage(form.status) && message ? { status: form.status, message, after } : { status: form.status, after };
}

/** The history entry a decision must follow: the newest the reviewer saw. */
export function latestSeq(history: readonly { seq: string | number }[], fallback: string | number): string | number {
  let latest: string | number = fallback;
  for (const entry of history) if (Number(entry.seq) >= Number(latest)) latest = entry.seq;
  return latest;
}
