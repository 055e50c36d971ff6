import { useId, useState, type SubmitEvent } from 'react';
import { filterProblem, NO_FILTERS, SEARCH_MAX, searchFromFilters, type InboxFilters } from './inbox-filters';
import { useTeam } from './team-context';
import { TEAM_BASE } from './team-routes';

/**
 * The search box and the filters by language and by the day an application was received. Applied
 * with the form's button (or Enter), so the list does not reload at each keystroke; the status is
 * kept. Its fields follow the address when Back or a status link changes it.
 */
export function InboxFilterForm({ filters }: { filters: InboxFilters }) {
  const { navigate } = useTeam();
  const id = useId();
  const [typed, setTyped] = useState(filters);
  const [shown, setShown] = useState(filters);
  const [problem, setProblem] = useState<string | null>(null);
  if (shown !== filters) {
    setShown(filters);
    setTyped(filters);
  }
  const set = (field: keyof Omit<InboxFilters, 'status'>) => (event: { target: { value: string } }) => {
    setTyped({ ...typed, [field]: event.target.value });
  };

  const apply = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = filterProblem(typed);
    setProblem(found);
    if (found) return;
    navigate(`${TEAM_BASE}${searchFromFilters({ ...typed, status: filters.status, language: typed.language.trim(), q: typed.q.trim() })}`);
  };
  const anyTyped = searchFromFilters({ ...filters, status: 'all' }) !== '';

  return (
    <form className="inbox-filters" role="search" aria-label="Search and filter applications" noValidate onSubmit={apply}>
      <div className="team-field inbox-filters__search">
        <label htmlFor={`${id}-q`}>Search</label>
        <p id={`${id}-q-hint`} className="team-hint">
          Name, e-mail or handle
        </p>
        <input
          id={`${id}-q`}
          className="team-input"
          type="search"
          maxLength={SEARCH_MAX}
          value={typed.q}
          aria-describedby={`${id}-q-hint`}
          onChange={set('q')}
        />
      </div>
      <div className="team-field">
        <label htmlFor={`${id}-language`}>Language</label>
        <p id={`${id}-language-hint`} className="team-hint">
          A code, such as en
        </p>
        <input
          id={`${id}-language`}
          className="team-input"
          type="text"
          dir="ltr"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={35}
          value={typed.language}
          aria-describedby={`${id}-language-hint`}
          onChange={set('language')}
        />
      </div>
      <div className="team-field">
        <label htmlFor={`${id}-from`}>Received from</label>
        <input id={`${id}-from`} className="team-input" type="date" value={typed.from} onChange={set('from')} />
      </div>
      <div className="team-field">
        <label htmlFor={`${id}-to`}>Received to</label>
        <input id={`${id}-to`} className="team-input" type="date" value={typed.to} onChange={set('to')} />
      </div>
      <div className="inbox-filters__actions">
        <button type="submit" className="button button--primary">
          Apply filters
        </button>
        {anyTyped && (
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              setProblem(null);
              navigate(`${TEAM_BASE}${searchFromFilters({ ...NO_FILTERS, status: filters.status })}`);
            }}
          >
            Clear filters
          </button>
        )}
      </div>
      <div aria-live="assertive" className="inbox-filters__problem">
        {problem && <p className="team-problem">{problem}</p>}
      </div>
    </form>
  );
}
