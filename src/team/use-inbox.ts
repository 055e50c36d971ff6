import { useCallback, useEffect, useState } from 'react';
import type { Counts, InboxItem } from './team-answers';
import { useTeam } from './team-context';
import { filtersFromSearch, type InboxFilters } from './inbox-filters';
import type { Failure } from './team-outcome';

export type InboxState =
  | { phase: 'loading' }
  | { phase: 'failed'; failure: Failure }
  | { phase: 'ready'; counts: Counts; items: InboxItem[]; next: string | null; more: 'idle' | 'loading' | Failure; firstNew: number | null };

/**
 * The inbox's list for the filters in the address: its first page when they change, the next page
 * on "Show more" (the server's keyset cursor, so a page never repeats or skips an application
 * received meanwhile). An answer for filters no longer shown is dropped.
 */
export function useInbox(search: string): { filters: InboxFilters; state: InboxState; showMore: () => void; retry: () => void } {
  const { api, endedBy } = useTeam();
  const [state, setState] = useState<InboxState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [filters, setFilters] = useState(() => filtersFromSearch(search));
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    // New filters: the list starts again from its first page (set while rendering, so no stale list is drawn).
    setShownSearch(search);
    setFilters(filtersFromSearch(search));
    setState({ phase: 'loading' });
  }

  useEffect(() => {
    let live = true;
    void api.applications(filters).then((outcome) => {
      if (!live) return;
      if (outcome.ok)
        setState({
          phase: 'ready',
          counts: outcome.value.counts,
          items: outcome.value.items,
          next: outcome.value.next == null ? null : String(outcome.value.next),
          more: 'idle',
          firstNew: null,
        });
      else if (!endedBy(outcome.failure)) setState({ phase: 'failed', failure: outcome.failure });
    });
    return () => {
      live = false;
    };
  }, [api, endedBy, filters, attempt]);

  const showMore = useCallback(() => {
    if (state.phase !== 'ready' || state.next === null || state.more === 'loading') return;
    const { next } = state;
    setState({ ...state, more: 'loading' });
    void api.applications(filters, next).then((outcome) => {
      if (!outcome.ok && endedBy(outcome.failure)) return;
      setState((previous) => {
        if (previous.phase !== 'ready' || previous.next !== next) return previous;
        if (outcome.ok) {
          return {
            ...previous,
            items: [...previous.items, ...outcome.value.items],
            next: outcome.value.next == null ? null : String(outcome.value.next),
            more: 'idle',
            firstNew: previous.items.length,
          };
        }
        return { ...previous, more: outcome.failure };
      });
    });
  }, [api, endedBy, filters, state]);

  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { filters, state, showMore, retry };
}
