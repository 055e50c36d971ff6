import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session } from './team-answers';
import type { TeamApi } from './team-api';
import { TeamContext, type TeamShell } from './team-context';
import { failureText, type Failure } from './team-outcome';
import { pathOf, routeOf, signInRefused, TEAM_BASE } from './team-routes';
import { useLocation } from './use-location';
import { SignInScreen, type SignInNotice } from './sign-in-screen';
import { LinkScreen } from './link-screen';
import { TeamScreens } from './team-screens';
import { BareHeader, TeamHeader } from './team-header';

/** A screen shown before anyone is signed in: the app's name above one narrow column. */
function SignedOutPage({ children }: { children: ReactNode }) {
  return (
    <>
      <BareHeader />
      <main className="team-main team-main--narrow" id="main">
        {children}
      </main>
    </>
  );
}

/** Where the app stands with the server: asking, signed out (and why), signed in, or unable to ask. */
type SessionState =
  | { phase: 'asking' }
  | { phase: 'signed-out'; oidc: boolean; notice: SignInNotice }
  | { phase: 'signed-in'; session: Session }
  | { phase: 'unreachable'; failure: Failure };

/**
 * The team app: who is signed in, and which screen the address names. A sign-in link's token
 * (taken from the address before the first render, team-main.tsx) opens the page whose button signs
 * in; without a session every address shows sign-in; a 401 from any call returns there, saying the
 * session ended.
 */
export function TeamApp({ api, linkToken = null }: { api: TeamApi; linkToken?: string | null }) {
  const [location, navigate] = useLocation();
  const [token, setToken] = useState(linkToken);
  const [state, setState] = useState<SessionState>({ phase: 'asking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void api.session().then((outcome) => {
      if (!live) return;
      const next: SessionState = outcome.ok
        ? { phase: 'signed-in', session: outcome.value }
        : outcome.failure.kind === 'signed-out'
          ? { phase: 'signed-out', oidc: outcome.failure.oidc === true, notice: signInRefused(window.location.search) ? 'refused' : null }
          : { phase: 'unreachable', failure: outcome.failure };
      // A sign-in link pressed before this answer came is newer than it: it stands.
      setState((previous) => (previous.phase === 'signed-in' ? previous : next));
    });
    return () => {
      live = false;
    };
  }, [api, attempt]);

  const endedBy = useCallback((failure: Failure) => {
    if (failure.kind !== 'signed-out') return false;
    setState({ phase: 'signed-out', oidc: failure.oidc === true, notice: 'ended' });
    return true;
  }, []);

  const signedIn = useCallback(
    (session: Session) => {
      setToken(null);
      setState({ phase: 'signed-in', session });
      navigate(TEAM_BASE, { replace: true });
    },
    [navigate],
  );

  const signOut = useCallback(async () => {
    const outcome = await api.signOut();
    if (!outcome.ok && outcome.failure.kind !== 'signed-out') return outcome.failure;
    setState((previous) => ({ phase: 'signed-out', oidc: previous.phase === 'signed-out' ? previous.oidc : false, notice: 'signed-out' }));
    navigate(TEAM_BASE, { replace: true });
    return null;
  }, [api, navigate]);

  const shell = useMemo<TeamShell | null>(
    () => (state.phase === 'signed-in' ? { api, session: state.session, navigate, endedBy } : null),
    [api, state, navigate, endedBy],
  );

  if (token !== null) {
    return (
      <SignedOutPage>
        <LinkScreen
          api={api}
          token={token}
          onSignedIn={signedIn}
          onNewLink={() => {
            setToken(null);
            setState((previous) =>
              previous.phase === 'signed-in' ? previous : { phase: 'signed-out', oidc: previous.phase === 'signed-out' ? previous.oidc : false, notice: null },
            );
            navigate(pathOf({ screen: 'sign-in' }), { replace: true });
          }}
        />
      </SignedOutPage>
    );
  }
  if (state.phase === 'asking') {
    return (
      <SignedOutPage>
        <p role="status">Opening the team inbox…</p>
      </SignedOutPage>
    );
  }
  if (state.phase === 'unreachable') {
    const retry = () => {
      setState({ phase: 'asking' });
      setAttempt((count) => count + 1);
    };
    return (
      <SignedOutPage>
        <div role="alert">
          <p>{failureText(state.failure)}</p>
        </div>
        <button type="button" className="button button--primary" onClick={retry}>
          Try again
        </button>
      </SignedOutPage>
    );
  }
  if (state.phase === 'signed-out' || !shell) {
    return (
      <SignedOutPage>
        <SignInScreen api={api} oidc={state.phase === 'signed-out' && state.oidc} notice={state.phase === 'signed-out' ? state.notice : null} />
      </SignedOutPage>
    );
  }
  return (
    <TeamContext.Provider value={shell}>
      <TeamHeader route={routeOf(location.pathname)} onSignOut={signOut} />
      <TeamScreens route={routeOf(location.pathname)} search={location.search} />
    </TeamContext.Provider>
  );
}
