import {
  applicationSchema,
  auditPageSchema,
  decisionAnswerSchema,
  inboxPageSchema,
  membersSchema,
  noteSchema,
  sessionSchema,
  type AuditPage,
  type DecisionAnswer,
  type InboxPage,
  type Member,
  type Note,
  type Role,
  type Session,
  type TeamApplication,
} from './team-answers';
import { applicationUrl, applicationsUrl, auditUrl, decisionUrl, memberUrl, MEMBERS_URL, notesUrl, SESSION_URL, SIGN_IN_URL } from './team-api-urls';
import type { DecisionBody } from './decision-rules';
import type { InboxFilters } from './inbox-filters';
import { outcomeOf, type Outcome, type Reader } from './team-outcome';

/**
 * The team API's client (the team contract): one method per endpoint, each an Outcome, never a
 * throw. The session travels in its HttpOnly cookie (same origin: the page never sees it), and the
 * browser adds the Origin header the server checks on every change. `fetch` is passed in, so the
 * client is tested without a browser and the component tests answer it with a contract stand-in.
 */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface TeamApi {
  session(): Promise<Outcome<Session>>;
  requestLink(email: string): Promise<Outcome<null>>;
  signIn(token: string): Promise<Outcome<Session>>;
  signOut(): Promise<Outcome<null>>;
  applications(filters: InboxFilters, after?: string | null): Promise<Outcome<InboxPage>>;
  application(id: string): Promise<Outcome<TeamApplication>>;
  addNote(id: string, body: string): Promise<Outcome<Note>>;
  decide(id: string, body: DecisionBody): Promise<Outcome<DecisionAnswer>>;
  members(): Promise<Outcome<Member[]>>;
  addMember(email: string, role: Role): Promise<Outcome<null>>;
  changeRole(email: string, role: Role): Promise<Outcome<null>>;
  removeMember(email: string): Promise<Outcome<null>>;
  audit(before?: string | number | null): Promise<Outcome<AuditPage>>;
}

async function bodyOf(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

export function createTeamApi(fetchImpl: Fetch = (input, init) => fetch(input, init)): TeamApi {
  async function call<T>(url: string, reader: Reader<T> | null, method: string, json: unknown): Promise<Outcome<T | null>> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        credentials: 'same-origin',
        cache: 'no-store',
        headers: json === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
    } catch {
      return { ok: false, failure: { kind: 'network' } };
    }
    return outcomeOf(response.status, await bodyOf(response), reader, response.headers.get('Retry-After'));
  }
  /** A call whose success always carries a value (its schema is given, so a success is never null). */
  async function read<T>(url: string, reader: Reader<T>, method = 'GET', json?: unknown): Promise<Outcome<T>> {
    const outcome = await call(url, reader, method, json);
    return outcome.ok && outcome.value === null ? { ok: false, failure: { kind: 'unreadable', status: 200 } } : (outcome as Outcome<T>);
  }
  /** A call whose success carries nothing the page reads. */
  function send(url: string, method: string, json?: unknown): Promise<Outcome<null>> {
    return call<null>(url, null, method, json);
  }

  return {
    session: () => read(SESSION_URL, sessionSchema),
    requestLink: (email) => send(SIGN_IN_URL, 'POST', { email }),
    signIn: (token) => read(SESSION_URL, sessionSchema, 'POST', { token }),
    signOut: () => send(SESSION_URL, 'DELETE'),
    applications: (filters, after = null) => read(applicationsUrl(filters, after), inboxPageSchema),
    application: (id) => read(applicationUrl(id), applicationSchema),
    addNote: (id, body) => read(notesUrl(id), noteSchema, 'POST', { body }),
    decide: (id, body) => read(decisionUrl(id), decisionAnswerSchema, 'POST', body),
    members: async () => {
      const outcome = await read(MEMBERS_URL, membersSchema);
      return outcome.ok ? { ok: true, value: outcome.value.members } : outcome;
    },
    addMember: (email, role) => send(MEMBERS_URL, 'POST', { email, role }),
    changeRole: (email, role) => send(memberUrl(email), 'PATCH', { role }),
    removeMember: (email) => send(memberUrl(email), 'DELETE'),
    audit: (before = null) => read(auditUrl(before), auditPageSchema),
  };
}
