import { useId, useState, type SubmitEvent } from 'react';
import type { DecisionAnswer, HistoryEntry, Status } from './team-answers';
import { useTeam } from './team-context';
import { characterCount, decisionBody, decisionProblem, DECISIONS, latestSeq, MESSAGE_LIMIT, takesMessage, type DecisionForm as Form } from './decision-rules';
import { failureText } from './team-outcome';
import { statusName } from './team-words';

interface Props {
  applicationId: string;
  current: { status: Status; seq: string | number };
  history: readonly HistoryEntry[];
  /** The standing the server answered with: after this decision, or someone else's meanwhile. */
  onStanding: (answer: DecisionAnswer) => void;
}

/**
 * The decision (reviewers and admins): in review, accepted or declined, with an optional message
 * to the creator for the last two (their e-mail and status page show it). It is sent with the last
 * history entry the reviewer saw: if someone decided meanwhile the server changes nothing, the page
 * shows the new standing, and what was typed stays for a second look.
 */
export function DecisionForm({ applicationId, current, history, onStanding }: Props) {
  const { api, endedBy } = useTeam();
  const id = useId();
  const [form, setForm] = useState<Form>({ status: null, message: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const count = characterCount(form.message.trim());

  const decide = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setDone(null);
    const found = decisionProblem(form, current.status);
    setProblem(found);
    if (found || form.status === null) return;
    setSending(true);
    const outcome = await api.decide(applicationId, decisionBody({ ...form, status: form.status }, latestSeq(history, current.seq)));
    setSending(false);
    if (outcome.ok) {
      onStanding(outcome.value);
      setForm({ status: null, message: '' });
      setDone(
        `Decided: ${statusName(outcome.value.status.status)}.${takesMessage(form.status) && form.message.trim() ? ' The creator is sent your message.' : ''}`,
      );
    } else if (outcome.failure.kind === 'decided-meanwhile') {
      onStanding(outcome.failure.answer);
      setProblem(
        `Someone decided meanwhile: now ${statusName(outcome.failure.answer.status.status)}. Your message is kept: look at the history, then decide again if you still mean to.`,
      );
    } else if (!endedBy(outcome.failure)) {
      setProblem(failureText(outcome.failure));
    }
  };

  return (
    <section className="application-part decision" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Decision</h2>
      <form noValidate onSubmit={(event) => void decide(event)}>
        <fieldset className="decision__choices">
          <legend>{`Status (now ${statusName(current.status)})`}</legend>
          {DECISIONS.map((decision) => (
            <label key={decision} className="decision__choice">
              <input
                type="radio"
                name={`${id}-status`}
                value={decision}
                checked={form.status === decision}
                onChange={() => {
                  setForm({ ...form, status: decision });
                }}
              />{' '}
              {statusName(decision)}
            </label>
          ))}
        </fieldset>
        {takesMessage(form.status) && (
          <div className="team-field">
            <label htmlFor={`${id}-message`}>Message to the creator (optional)</label>
            <p id={`${id}-message-hint`} className="team-hint">
              {`Sent by e-mail and shown on their status page. At most ${String(MESSAGE_LIMIT)} characters.`}
            </p>
            <textarea
              id={`${id}-message`}
              className="team-input"
              rows={5}
              value={form.message}
              aria-describedby={`${id}-message-hint ${id}-count`}
              aria-invalid={count > MESSAGE_LIMIT ? true : undefined}
              onChange={(event) => {
                setForm({ ...form, message: event.target.value });
              }}
            />
            <p id={`${id}-count`} className={count > MESSAGE_LIMIT ? 'team-problem' : 'team-hint'}>
              {`${String(count)} of ${String(MESSAGE_LIMIT)} characters`}
            </p>
          </div>
        )}
        <div role="alert">{problem && <p className="team-alert">{problem}</p>}</div>
        <button type="submit" className="button button--primary" aria-disabled={sending ? true : undefined}>
          Decide
        </button>
        <div role="status">{done && <p className="team-note">{done}</p>}</div>
      </form>
    </section>
  );
}
