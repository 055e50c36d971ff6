/**
 * The team app's screens by address (History API, under /team/). The inbox's filters live in the
 * query string (inbox-filters.ts); a sign-in link's token in the fragment, which no request carries.
 */
export type TeamRoute =
  { screen: 'inbox' } | { screen: 'sign-in' } | { screen: 'application'; id: string } | { screen: 'members' } | { screen: 'audit' } | { screen: 'not-found' };

export const TEAM_BASE = '/team/';

/** An application's id as the receiver makes them (letters, digits, '-' and '_'); anything else is no page. */
const APPLICATION_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** A sign-in link's token: base64url, at least 128 bits (22 characters), with room to spare. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{22,256}$/;

/** The screen an address's path names. */
export function routeOf(pathname: string): TeamRoute {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/team') return { screen: 'inbox' };
  if (path === '/team/sign-in') return { screen: 'sign-in' };
  if (path === '/team/members') return { screen: 'members' };
  if (path === '/team/audit') return { screen: 'audit' };
  const application = /^\/team\/applications\/([^/]+)$/.exec(path);
  if (application) {
    let id: string;
    try {
      id = decodeURIComponent(application[1] ?? '');
    } catch {
      return { screen: 'not-found' };
    }
    if (APPLICATION_ID.test(id)) return { screen: 'application', id };
  }
  return { screen: 'not-found' };
}

/** The path of a screen (the inbox's query string is added by its filters). */
export function pathOf(route: TeamRoute): string {
  switch (route.screen) {
    case 'inbox':
    case 'not-found':
      return TEAM_BASE;
    case 'sign-in':
      return `${TEAM_BASE}sign-in`;
    case 'application':
      return `${TEAM_BASE}applications/${encodeURIComponent(route.id)}`;
    case 'members':
      return `${TEAM_BASE}members`;
    case 'audit':
      return `${TEAM_BASE}audit`;
  }
}

/** The token of a sign-in link's fragment (`#…`), or null when there is none or it is not one. */
export function linkToken(hash: string): string | null {
  const token = hash.startsWith('#') ? hash.slice(1) : hash;
  return LINK_TOKEN.test(token) ? token : null;
}

/** The words of `?signin=refused` (single sign-on with an account that is not on the team), or null. */
export function signInRefused(search: string): boolean {
  return new URLSearchParams(search).get('signin') === 'refused';
}

/** Whether a click on a link should be left to the browser (a new tab, a download, another window). */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
