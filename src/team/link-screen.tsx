import { useState } from 'react';
import type { Session } from './team-answers';
import type { TeamApi } from './team-api';
import { failureText, type Failure } from './team-outcome';
import { ScreenHeading } from './screen-heading';

/**
 * The page a sign-in link opens (/team/sign-in#token). Opening it signs nobody in, so a mail
 * scanner that follows the link does not use it up: the person's press on "Sign in" sends the
 * token. The token left the address before this page was drawn (team-main.tsx): it is in no history entry.
 */
export function LinkScreen({
  api,
  token,
  onSignedIn,
  onNewLink,
}: {
  api: TeamApi;
  token: string;
  onSignedIn: (session: Session) => void;
  onNewLink: () => void;
}) {
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const signIn = async () => {
    if (signingIn) return;
    setSigningIn(true);
    setFailure(null);
    const outcome = await api.signIn(token);
    setSigningIn(false);
    if (outcome.ok) onSignedIn(outcome.value);
    else setFailure(outcome.failure);
  };

  const spent = failure?.kind === 'link-not-valid';
  return (
    <div className="team-card">
      <ScreenHeading title="Sign in">Sign in to the team inbox</ScreenHeading>
      {!spent && <p>This link signs you in on this device. It works once.</p>}
      <div role="alert">
        {failure && (
          <p className="team-alert">
            {spent
              ? 'This sign-in link cannot be used: it has been used already, or more than 15 minutes have passed. Ask for a new link.'
              : failureText(failure)}
          </p>
        )}
      </div>
      {spent ? (
        <button type="button" className="button button--primary" onClick={onNewLink}>
          Ask for a new link
        </button>
      ) : (
        <button type="button" className="button button--primary" aria-disabled={signingIn ? true : undefined} onClick={() => void signIn()}>
          Sign in
        </button>
      )}
    </div>
  );
}
