import { decidedMeanwhileSchema, errorSchema, type DecisionAnswer } from './team-answers';

/**
 * What a call to the team API came to, as data: the value its answer held, read with its schema,
 * or the refusal the contract names. Screens switch on `kind`; nothing throws past the client.
 */
export type Failure =
  | { kind: 'signed-out'; oidc?: boolean }
  | { kind: 'forbidden-role' }
  | { kind: 'forbidden-origin' }
  | { kind: 'not-found' }
  | { kind: 'link-not-valid' }
  | { kind: 'last-admin' }
  | { kind: 'already-member' }
  | { kind: 'decided-meanwhile'; answer: DecisionAnswer }
  | { kind: 'invalid'; error: string }
  | { kind: 'too-many'; retryAfterSeconds: number | null }
  | { kind: 'network' }
  | { kind: 'unreadable'; status: number }
  | { kind: 'server'; status: number };

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/** A schema as the client uses it: zod's safeParse, nothing more. */
export interface Reader<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

const NAMED: Record<string, Failure> = {
  'signed-out': { kind: 'signed-out' },
  'forbidden-role': { kind: 'forbidden-role' },
  'forbidden-origin': { kind: 'forbidden-origin' },
  'not-found': { kind: 'not-found' },
  'link-not-valid': { kind: 'link-not-valid' },
  'last-admin': { kind: 'last-admin' },
  'already-member': { kind: 'already-member' },
};

function failed<T>(failure: Failure): Outcome<T> {
  return { ok: false, failure };
}

/** Retry-After in seconds (delta-seconds only, as the receiver sends it), or null. */
export function retryAfterSeconds(header: string | null): number | null {
  return header !== null && /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) : null;
}

/**
 * An answer read: its status, its JSON body (undefined when it had none or none that parses), and
 * the schema of its success (null: a success carries nothing the page reads, such as 202 or 204).
 */
export function outcomeOf<T>(status: number, body: unknown, reader: Reader<T> | null, retryAfter: string | null = null): Outcome<T | null> {
  if (status >= 200 && status < 300) {
    if (reader === null) return { ok: true, value: null };
    const read = reader.safeParse(body);
    return read.success ? { ok: true, value: read.data } : failed({ kind: 'unreadable', status });
  }
  if (status === 429) return failed({ kind: 'too-many', retryAfterSeconds: retryAfterSeconds(retryAfter) });
  const error = errorSchema.safeParse(body);
  const name = error.success ? error.data.error : null;
  if (status === 409 && name === 'decided-meanwhile') {
    const meanwhile = decidedMeanwhileSchema.safeParse(body);
    return meanwhile.success
      ? failed({ kind: 'decided-meanwhile', answer: { status: meanwhile.data.status, history: meanwhile.data.history } })
      : failed({ kind: 'unreadable', status });
  }
  if (status === 401) {
    const oidc = typeof body === 'object' && body !== null && (body as { oidc?: unknown }).oidc === true;
    return failed({ kind: 'signed-out', oidc });
  }
  const named = name === null ? undefined : NAMED[name];
  if (named) return failed(named);
  if (status === 404) return failed({ kind: 'not-found' });
  if (status >= 400 && status < 500 && name !== null) return failed({ kind: 'invalid', error: name });
  return failed({ kind: 'server', status });
}

function waitWords(seconds: number | null): string {
  if (seconds === null) return 'Wait a little and try again.';
  if (seconds < 90) return `Try again in ${String(Math.max(1, seconds))} seconds.`;
  return `Try again in ${String(Math.ceil(seconds / 60))} minutes.`;
}

/** A refusal in the page's words, for a line under the form or the screen's heading. */
export function failureText(failure: Failure): string {
  switch (failure.kind) {
    case 'signed-out':
      return 'Your session ended. Sign in again.';
    case 'forbidden-role':
      return 'Your role does not allow this. An admin can change your role.';
    case 'forbidden-origin':
      return 'This request did not come from the team page, so nothing was changed. Reload the page and try again.';
    case 'not-found':
      return 'Not found: it may have been erased, or the address is wrong.';
    case 'link-not-valid':
      return 'This sign-in link has been used or has expired.';
    case 'last-admin':
      return 'The team needs at least one admin: make someone else an admin first.';
    case 'already-member':
      return 'This address is already on the team.';
    case 'decided-meanwhile':
      return 'Someone decided meanwhile.';
    case 'invalid':
      return `The server refused this (${failure.error}). Check what you typed.`;
    case 'too-many':
      return `Too many attempts. ${waitWords(failure.retryAfterSeconds)}`;
    case 'network':
      return 'The server could not be reached. Check the connection and try again.';
    case 'unreadable':
      return 'The server sent an answer this page cannot read. Reload the page; if it persists, tell whoever runs the server.';
    case 'server':
      return `The server could not do this just now (error ${String(failure.status)}). Try again in a moment.`;
  }
}
