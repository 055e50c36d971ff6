import { STATUSES, type Status } from './team-answers';

/**
 * The inbox's filters, kept in the page's address (`/team/?status=accepted&q=ana`), so a filtered
 * list can be bookmarked, shared with a colleague, and comes back with the Back button. Read
 * leniently (a hand-edited address drops what it cannot use) and written in one order, defaults left out.
 */
export interface InboxFilters {
  status: Status | 'all';
  /** A language code (`en`, `pt-BR`), or '' for every language. */
  language: string;
  /** Received on or after this day (YYYY-MM-DD), or ''. */
  from: string;
  /** Received on or before this day (YYYY-MM-DD), or ''. */
  to: string;
  /** Searched in name, e-mail and handle; '' for none. */
  q: string;
}

export const NO_FILTERS: InboxFilters = Object.freeze({ status: 'all', language: '', from: '', to: '', q: '' });

/** More than any name, address or handle: a longer search is cut here (the server limits it too). */
export const SEARCH_MAX = 200;

const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether a text is a language code the filter can send. */
export function isLanguageCode(value: string): boolean {
  return value.length <= 35 && LANGUAGE.test(value);
}

function isStatus(value: string | null): value is Status {
  return value !== null && (STATUSES as readonly string[]).includes(value);
}

/** The filters an address's query string names; anything unusable is left at its default. */
export function filtersFromSearch(search: string): InboxFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const language = params.get('language')?.trim() ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    status: isStatus(status) ? status : 'all',
    language: isLanguageCode(language) ? language : '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

/** The filters as query parameters, in a fixed order, without the defaults. */
export function filterParams(filters: InboxFilters, { withStatus = true } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (withStatus && filters.status !== 'all') params.set('status', filters.status);
  if (filters.language) params.set('language', filters.language);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  return params;
}

/** The query string for the page's address: '' without filters, else `?…`. */
export function searchFromFilters(filters: InboxFilters): string {
  const query = filterParams(filters).toString();
  return query ? `?${query}` : '';
}

/** Whether any filter narrows the list (for the empty state's words). */
export function isFiltered(filters: InboxFilters): boolean {
  return searchFromFilters(filters) !== '';
}

/** Why the typed filters cannot be applied, or null: the words shown beside the form. */
export function filterProblem(filters: { language: string; from: string; to: string }): string | null {
  if (filters.language.trim() && !isLanguageCode(filters.language.trim())) return 'Write the language as a code, such as en or pt-BR.';
  if (filters.from && !isDay(filters.from)) return 'Write the first day as YYYY-MM-DD.';
  if (filters.to && !isDay(filters.to)) return 'Write the last day as YYYY-MM-DD.';
  if (filters.from && filters.to && filters.from > filters.to) return 'The first day is after the last day.';
  return null;
}
