import { filterParams, type InboxFilters } from './inbox-filters';

/**
 * The team API's addresses (the team contract), built in one place: every path segment a person
 * or the server supplied is percent-encoded, so an id or an address can never reach another endpoint.
 */

export const TEAM_API = '/team/api';

/** One page of the inbox: at most this many applications (the server allows 1..100). */
export const INBOX_PAGE_SIZE = 50;
/** One page of the audit log (the server allows 1..200). */
export const AUDIT_PAGE_SIZE = 50;

export const SESSION_URL = `${TEAM_API}/session`;
export const SIGN_IN_URL = `${TEAM_API}/sign-in`;
export const OIDC_START_URL = `${TEAM_API}/oidc/start`;
export const MEMBERS_URL = `${TEAM_API}/members`;

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The inbox's list with its filters, from a page's cursor (`after`) when showing more. */
export function applicationsUrl(filters: InboxFilters, after: string | null = null, limit = INBOX_PAGE_SIZE): string {
  const params = filterParams(filters);
  if (after !== null) params.set('after', after);
  if (limit !== INBOX_PAGE_SIZE) params.set('limit', String(limit));
  return withQuery(`${TEAM_API}/applications`, params);
}

/** The CSV of the list as filtered (the status filter included). */
export function exportUrl(filters: InboxFilters): string {
  return withQuery(`${TEAM_API}/export`, filterParams(filters));
}

export function applicationUrl(id: string): string {
  return `${TEAM_API}/applications/${encodeURIComponent(id)}`;
}

export function notesUrl(id: string): string {
  return `${applicationUrl(id)}/notes`;
}

export function decisionUrl(id: string): string {
  return `${applicationUrl(id)}/decision`;
}

export function memberUrl(email: string): string {
  return `${MEMBERS_URL}/${encodeURIComponent(email)}`;
}

/** The audit log's newest entries, or those older than `before`. */
export function auditUrl(before: string | number | null = null, limit = AUDIT_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (before !== null) params.set('before', String(before));
  params.set('limit', String(limit));
  return withQuery(`${TEAM_API}/audit`, params);
}

/**
 * Whether a file's address, as the server gave it, is one the page may show: the team API's own
 * file endpoint on this origin, never another site nor a script URL.
 */
export function isTeamFileUrl(url: string): boolean {
  return /^\/team\/api\/applications\/[^/?#]+\/files\/[^/?#]+$/.test(url);
}
