import '../styles/base.css';
import './team.css';
import './team-inbox.css';
import './team-application.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTeamApi } from './team-api';
import { linkToken, routeOf } from './team-routes';
import { TeamApp } from './team-app';

/**
 * The team app's entry (team/index.html). A sign-in link's token is read from the address's
 * fragment and the fragment dropped from the history entry before anything is drawn: the token is
 * then only in memory, for the button that sends it.
 */
function takeLinkToken(): string | null {
  if (routeOf(window.location.pathname).screen !== 'sign-in' || !window.location.hash) return null;
  const token = linkToken(window.location.hash);
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  return token;
}

const container = document.getElementById('team-root');
if (container) {
  const token = takeLinkToken();
  createRoot(container).render(
    <StrictMode>
      <TeamApp api={createTeamApi()} linkToken={token} />
    </StrictMode>,
  );
}
