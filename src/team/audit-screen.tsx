import { useEffect, useState } from 'react';
import type { AuditEntry } from './team-answers';
import { useTeam } from './team-context';
import { failureText, type Failure } from './team-outcome';
import { pathOf } from './team-routes';
import { actionName, momentOf } from './team-words';
import { ScreenHeading } from './screen-heading';
import { TeamLink } from './team-link';

/** The audit log (admins): every sign-in, view, decision, note, export and team change, newest first, older on request. */
export function AuditScreen() {
  const { api, endedBy } = useTeam();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [loading, setLoading] = useState(false);

  // The newest entries once; older ones on "Show older", from the last entry shown.
  useEffect(() => {
    let live = true;
    void api.audit(null).then((outcome) => {
      if (!live) return;
      if (outcome.ok) {
        setEntries(outcome.value.entries);
        setNext(outcome.value.next ?? null);
      } else if (!endedBy(outcome.failure)) setFailure(outcome.failure);
    });
    return () => {
      live = false;
    };
  }, [api, endedBy]);

  const showOlder = async () => {
    if (loading || next === null) return;
    setLoading(true);
    const outcome = await api.audit(next);
    setLoading(false);
    if (outcome.ok) {
      setFailure(null);
      setEntries((previous) => [...(previous ?? []), ...outcome.value.entries]);
      setNext(outcome.value.next ?? null);
    } else if (!endedBy(outcome.failure)) setFailure(outcome.failure);
  };

  return (
    <>
      <ScreenHeading title="Audit log">Audit log</ScreenHeading>
      <p>Who signed in, opened an application, decided, wrote a note, exported the list or changed the team, and when.</p>
      {entries === null && !failure && <p role="status">Loading the audit log…</p>}
      {entries && entries.length === 0 && <p>Nothing has been recorded yet.</p>}
      {entries && entries.length > 0 && (
        <table className="audit">
          <caption className="visually-hidden">Audit log, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Application</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={String(entry.seq)}>
                <td>
                  <time dateTime={entry.at}>{momentOf(entry.at)}</time>
                </td>
                <td dir="ltr" className="audit__who">
                  {entry.actor}
                </td>
                <td>{actionName(entry.action)}</td>
                <td>
                  {entry.applicationId ? <TeamLink href={pathOf({ screen: 'application', id: entry.applicationId })}>{entry.applicationId}</TeamLink> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div role="alert">{failure && <p className="team-alert">{failureText(failure)}</p>}</div>
      {next !== null && (
        <p>
          <button type="button" className="button button--secondary" aria-disabled={loading ? true : undefined} onClick={() => void showOlder()}>
            Show older
          </button>
        </p>
      )}
    </>
  );
}
