import { useState } from 'react';
import { useTeam } from './team-context';
import { TeamLink } from './team-link';
import { failureText, type Failure } from './team-outcome';
import { permissionsOf, roleName } from './team-permissions';
import { pathOf, type TeamRoute } from './team-routes';

/** The bar above a screen shown signed out: the app's name only. */
export function BareHeader() {
  return (
    <header className="team-header">
      <div className="team-header__inner">
        <p className="team-header__title">Team inbox</p>
      </div>
    </header>
  );
}

/** The bar above every signed-in screen: the app's pages the role may open, who is signed in, and Sign out. */
export function TeamHeader({ route, onSignOut }: { route: TeamRoute; onSignOut: () => Promise<Failure | null> }) {
  const { session } = useTeam();
  const may = permissionsOf(session.role);
  const [failure, setFailure] = useState<Failure | null>(null);
  const pages: Array<{ route: TeamRoute; name: string }> = [
    { route: { screen: 'inbox' }, name: 'Applications' },
    ...(may.manageMembers ? [{ route: { screen: 'members' } as const, name: 'Members' }] : []),
    ...(may.readAudit ? [{ route: { screen: 'audit' } as const, name: 'Audit log' }] : []),
  ];
  return (
    <header className="team-header">
      <a className="team-skip" href="#main">
        Skip to content
      </a>
      <div className="team-header__inner">
        <p className="team-header__title">Team inbox</p>
        <nav aria-label="Team pages" className="team-header__nav">
          <ul>
            {pages.map((page) => (
              <li key={page.route.screen}>
                <TeamLink
                  href={pathOf(page.route)}
                  current={route.screen === page.route.screen || (page.route.screen === 'inbox' && route.screen === 'application')}
                >
                  {page.name}
                </TeamLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="team-header__who">
          <p className="team-header__email">
            <span dir="ltr">{session.email}</span> <span className="team-header__role">({roleName(session.role)})</span>
          </p>
          <button
            type="button"
            className="button button--secondary team-header__sign-out"
            onClick={() => {
              void onSignOut().then(setFailure);
            }}
          >
            Sign out
          </button>
        </div>
      </div>
      <div role="alert">{failure && <p className="team-alert team-header__problem">{failureText(failure)}</p>}</div>
    </header>
  );
}
