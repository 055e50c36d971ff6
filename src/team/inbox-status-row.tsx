import type { Counts } from './team-answers';
import { searchFromFilters, type InboxFilters } from './inbox-filters';
import { TeamLink } from './team-link';
import { statusName } from './team-words';
import { TEAM_BASE } from './team-routes';

const ROW: Array<InboxFilters['status']> = ['all', 'received', 'in-review', 'accepted', 'declined'];

/**
 * The counts per status, each a link to the list filtered by it (the other filters kept): the
 * filter lives in the address, so each is a page Back returns to and a colleague can be sent.
 */
export function InboxStatusRow({ filters, counts }: { filters: InboxFilters; counts: Counts | null }) {
  return (
    <nav aria-label="Filter by status" className="inbox-statuses">
      <ul>
        {ROW.map((status) => (
          <li key={status}>
            <TeamLink href={`${TEAM_BASE}${searchFromFilters({ ...filters, status })}`} current={filters.status === status} className="inbox-statuses__link">
              {status === 'all' ? 'All' : statusName(status)} <span className="inbox-statuses__count">{counts ? counts[status] : '…'}</span>
            </TeamLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
