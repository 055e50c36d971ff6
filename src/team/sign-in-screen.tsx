import { useId, useState, type SubmitEvent } from 'react';
import type { TeamApi } from './team-api';
import { OIDC_START_URL } from './team-api-urls';
import { failureText } from './team-outcome';
import { ScreenHeading } from './screen-heading';
import { emailProblem, LINK_SENT, SESSION_ENDED, SIGN_IN_REFUSED, SIGNED_OUT } from './sign-in-words';

/** Why the sign-in page is shown: a session that ended, a provider's account not on the team, a sign-out, or nothing. */
export type SignInNotice = 'ended' | 'refused' | 'signed-out' | null;

const NOTICES: Record<Exclude<SignInNotice, null>, string> = { ended: SESSION_ENDED, refused: SIGN_IN_REFUSED, 'signed-out': SIGNED_OUT };

/** Sign in: an address, a link sent to it (members only), and single sign-on when the server offers it. */
export function SignInScreen({ api, oidc, notice }: { api: TeamApi; oidc: boolean; notice: SignInNotice }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const fieldId = useId();

  const send = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = emailProblem(email);
    setProblem(found);
    setSent(false);
    if (found) {
      document.getElementById(fieldId)?.focus();
      return;
    }
    setSending(true);
    const outcome = await api.requestLink(email.trim());
    setSending(false);
    if (outcome.ok) setSent(true);
    else setProblem(outcome.failure.kind === 'invalid' ? 'Enter an e-mail address such as name@example.com.' : failureText(outcome.failure));
  };

  return (
    <div className="team-card">
      <ScreenHeading title="Sign in">Sign in to the team inbox</ScreenHeading>
      {notice && (
        <p className={notice === 'signed-out' ? 'team-note' : 'team-alert'} role={notice === 'signed-out' ? 'status' : 'alert'}>
          {NOTICES[notice]}
        </p>
      )}
      <form noValidate onSubmit={(event) => void send(event)}>
        <div className="team-field">
          <label htmlFor={fieldId}>E-mail address</label>
          <p id={`${fieldId}-hint`} className="team-hint">
            We send a sign-in link to this address. No password.
          </p>
          <input
            id={fieldId}
            className="team-input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            value={email}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${fieldId}-hint${problem ? ` ${fieldId}-problem` : ''}`}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
          />
          <div aria-live="assertive">
            {problem && (
              <p id={`${fieldId}-problem`} className="team-problem">
                {problem}
              </p>
            )}
          </div>
        </div>
        <button type="submit" className="button button--primary" aria-disabled={sending ? true : undefined}>
          Send sign-in link
        </button>
      </form>
      <div role="status" className="team-sent">
        {sent && <p className="team-note">{LINK_SENT}</p>}
      </div>
      {oidc && (
        <p className="team-or">
          <a className="button button--secondary team-button-link" href={OIDC_START_URL}>
            Sign in with single sign-on
          </a>
        </p>
      )}
    </div>
  );
}
