import type { Revision } from './team-answers';
import { answerGroups, newestFirst } from './application-view';
import { momentOf } from './team-words';

/** One revision's answers, grouped by section, each under its label as the programme asked it when it was sent. */
function RevisionAnswers({ revision, level }: { revision: Revision; level: 2 | 3 }) {
  const groups = answerGroups(revision.answers);
  if (groups.length === 0) return <p>This revision holds no answers.</p>;
  const Heading = level === 2 ? 'h3' : 'h4';
  return (
    <>
      {groups.map((group, index) => (
        <section key={group.section ?? `none-${String(index)}`} className="answers-group" aria-label={group.section ?? 'Other answers'}>
          {group.section && <Heading className="answers-group__title">{group.section}</Heading>}
          <dl className="answers">
            {group.answers.map((answer, position) => (
              <div key={`${answer.label}-${String(position)}`} className="answers__row">
                <dt>{answer.label}</dt>
                <dd>{answer.value.trim() ? answer.value : <span className="team-muted">No answer</span>}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}

/**
 * The answers as last sent, then the earlier revisions, newest first, each folded away: a creator
 * who sent again (another device, a correction) changed something, and the team may want to see what.
 */
export function ApplicationAnswers({ revisions }: { revisions: readonly Revision[] }) {
  const [latest, ...older] = newestFirst(revisions);
  return (
    <section className="application-part" aria-labelledby="answers-heading">
      <h2 id="answers-heading">Answers</h2>
      {latest ? (
        <>
          <p className="team-muted">
            {`Sent ${momentOf(latest.receivedAt)}`}
            {older.length > 0 && ` · revision ${String(older.length + 1)} of ${String(older.length + 1)}`}
          </p>
          <RevisionAnswers revision={latest} level={2} />
        </>
      ) : (
        <p>No answers were stored for this application.</p>
      )}
      {older.length > 0 && (
        <div className="revisions">
          <h3>Earlier revisions</h3>
          {older.map((revision, index) => (
            <details key={String(revision.seq)} className="revisions__one">
              <summary>{`Revision ${String(older.length - index)}, sent ${momentOf(revision.receivedAt)}`}</summary>
              <RevisionAnswers revision={revision} level={3} />
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
