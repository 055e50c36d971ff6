import type { HistoryEntry } from './team-answers';
import { momentOf, statusName } from './team-words';

/** The status history, oldest first as it happened: who moved it, when, and the message the creator was sent. */
export function ApplicationHistory({ history }: { history: readonly HistoryEntry[] }) {
  return (
    <section className="application-part" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ol className="history">
        {history.map((entry) => (
          <li key={String(entry.seq)} className="history__entry">
            <p className="history__what">
              <span className={`team-status team-status--${entry.status}`}>{statusName(entry.status)}</span>{' '}
              <time dateTime={entry.changedAt}>{momentOf(entry.changedAt)}</time>
              {entry.changedBy && (
                <>
                  {' · '}
                  <span dir="ltr">{entry.changedBy}</span>
                </>
              )}
            </p>
            {entry.message && (
              <blockquote className="history__message">
                <p className="team-muted">Message to the creator:</p>
                <p className="history__message-text">{entry.message}</p>
              </blockquote>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
