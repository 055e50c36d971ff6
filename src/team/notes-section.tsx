import { useId, useState, type SubmitEvent } from 'react';
import type { Note } from './team-answers';
import { useTeam } from './team-context';
import { failureText } from './team-outcome';
import { momentOf } from './team-words';

/** The longest note the server takes. */
export const NOTE_LIMIT = 5000;

/**
 * The team's private notes on an application: never shown to the creator. Everyone on the team
 * reads them; reviewers and admins add them (`canWrite`).
 */
export function NotesSection({
  applicationId,
  notes,
  canWrite,
  onAdded,
}: {
  applicationId: string;
  notes: readonly Note[];
  canWrite: boolean;
  onAdded: (note: Note) => void;
}) {
  const { api, endedBy } = useTeam();
  const id = useId();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const add = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const text = body.trim();
    if (!text) {
      setProblem('Write the note first.');
      return;
    }
    if (Array.from(text).length > NOTE_LIMIT) {
      setProblem(`A note holds at most ${String(NOTE_LIMIT)} characters.`);
      return;
    }
    setProblem(null);
    setSending(true);
    const outcome = await api.addNote(applicationId, text);
    setSending(false);
    if (outcome.ok) {
      onAdded(outcome.value);
      setBody('');
    } else if (!endedBy(outcome.failure)) setProblem(failureText(outcome.failure));
  };

  return (
    <section className="application-part notes" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Private notes</h2>
      <p className="team-muted">For the team only: never shown to the creator.</p>
      {notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ol className="notes__list">
          {notes.map((note) => (
            <li key={String(note.seq)} className="notes__one">
              <p className="notes__who">
                <span dir="ltr">{note.author}</span> · <time dateTime={note.createdAt}>{momentOf(note.createdAt)}</time>
              </p>
              <p className="notes__body">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <form noValidate onSubmit={(event) => void add(event)}>
          <div className="team-field">
            <label htmlFor={`${id}-body`}>New note</label>
            <textarea
              id={`${id}-body`}
              className="team-input"
              rows={3}
              maxLength={NOTE_LIMIT}
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
              }}
            />
          </div>
          <div role="alert">{problem && <p className="team-alert">{problem}</p>}</div>
          <button type="submit" className="button button--secondary" aria-disabled={sending ? true : undefined}>
            Add note
          </button>
        </form>
      )}
    </section>
  );
}
