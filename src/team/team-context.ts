import { createContext, useContext } from 'react';
import type { Session } from './team-answers';
import type { TeamApi } from './team-api';
import type { Failure } from './team-outcome';

/** What every signed-in screen is given: the API, who is signed in, and the ways out. */
export interface TeamShell {
  api: TeamApi;
  session: Session;
  /** Opens a page of the app (a path under /team/, with its query string). */
  navigate: (path: string, options?: { replace?: boolean }) => void;
  /**
   * A call's refusal the whole app answers: a 401 returns to sign-in ("Your session ended").
   * Returns whether it was handled so; the screen shows any other refusal itself.
   */
  endedBy: (failure: Failure) => boolean;
}

export const TeamContext = createContext<TeamShell | null>(null);

export function useTeam(): TeamShell {
  const shell = useContext(TeamContext);
  if (!shell) throw new Error('A team screen is drawn outside TeamContext.');
  return shell;
}
