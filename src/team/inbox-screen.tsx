import { useTeam } from './team-context';
import { exportUrl } from './team-api-urls';
import { failureText } from './team-outcome';
import { permissionsOf } from './team-permissions';
import { isFiltered } from './inbox-filters';
import { ScreenHeading } from './screen-heading';
import { InboxStatusRow } from './inbox-status-row';
import { InboxFilterForm } from './inbox-filter-form';
import { InboxList } from './inbox-list';
import { useInbox } from './use-inbox';

/** The inbox: counts per status, the search and filters, the list newest first, "Show more", and the export. */
export function InboxScreen({ search }: { search: string }) {
  const { session } = useTeam();
  const { filters, state, showMore, retry } = useInbox(search);
  const may = permissionsOf(session.role);
  const ready = state.phase === 'ready' ? state : null;
  const total = ready ? ready.counts[filters.status === 'all' ? 'all' : filters.status] : null;

  return (
    <>
      <div className="inbox-top">
        <ScreenHeading title="Applications">Applications</ScreenHeading>
        {may.export && (
          <a className="button button--secondary team-button-link" href={exportUrl(filters)} download="applications.csv">
            Export CSV
          </a>
        )}
      </div>
      <InboxStatusRow filters={filters} counts={ready?.counts ?? null} />
      <InboxFilterForm filters={filters} />
      <div role="status" className="inbox-summary">
        {state.phase === 'loading' && <p>Loading applications…</p>}
        {ready && total !== null && total > 0 && <p>{`Showing ${String(ready.items.length)} of ${String(total)}`}</p>}
      </div>
      {state.phase === 'failed' && (
        <div className="team-alert" role="alert">
          <p>{failureText(state.failure)}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {ready && ready.items.length === 0 && (
        <p className="inbox-empty">
          {isFiltered(filters) ? 'No application matches these filters.' : 'No applications yet. They appear here as creators send them.'}
        </p>
      )}
      {ready && ready.items.length > 0 && <InboxList items={ready.items} firstNew={ready.firstNew} />}
      {ready && typeof ready.more === 'object' && (
        <p className="team-alert" role="alert">
          {failureText(ready.more)}
        </p>
      )}
      {ready?.next != null && (
        <p className="inbox-more">
          <button type="button" className="button button--secondary" aria-disabled={ready.more === 'loading' ? true : undefined} onClick={showMore}>
            Show more
          </button>
        </p>
      )}
    </>
  );
}
