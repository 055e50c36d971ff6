import { useEffect } from 'react';
import { useTeam } from './team-context';
import { permissionsOf } from './team-permissions';
import { pathOf, type TeamRoute } from './team-routes';
import { ScreenHeading } from './screen-heading';
import { TeamLink } from './team-link';
import { InboxScreen } from './inbox-screen';
import { ApplicationScreen } from './application-screen';
import { MembersScreen } from './members-screen';
import { AuditScreen } from './audit-screen';

/** A page this app has not: said plainly, with the way back to the list. */
function NotFoundScreen() {
  return (
    <>
      <ScreenHeading title="Page not found">Page not found</ScreenHeading>
      <p>There is no such page in the team inbox.</p>
      <p>
        <TeamLink href={pathOf({ screen: 'inbox' })}>Back to the applications</TeamLink>
      </p>
    </>
  );
}

/** A page the member's role may not open (the server would refuse its calls anyway: 403). */
function AdminsOnlyScreen({ title }: { title: string }) {
  return (
    <>
      <ScreenHeading title={title}>{title}</ScreenHeading>
      <p className="team-alert" role="alert">
        Only admins can open this page. Your role does not allow it.
      </p>
    </>
  );
}

/** The screen the address names, for the member signed in. */
export function TeamScreens({ route, search }: { route: TeamRoute; search: string }) {
  const { session, navigate } = useTeam();
  const may = permissionsOf(session.role);
  const signInPage = route.screen === 'sign-in';
  useEffect(() => {
    // Signed in already: the sign-in page has nothing to do.
    if (signInPage) navigate(pathOf({ screen: 'inbox' }), { replace: true });
  }, [signInPage, navigate]);

  let screen;
  switch (route.screen) {
    case 'inbox':
    case 'sign-in':
      screen = <InboxScreen search={search} />;
      break;
    case 'application':
      screen = <ApplicationScreen key={route.id} id={route.id} />;
      break;
    case 'members':
      screen = may.manageMembers ? <MembersScreen /> : <AdminsOnlyScreen title="Members" />;
      break;
    case 'audit':
      screen = may.readAudit ? <AuditScreen /> : <AdminsOnlyScreen title="Audit log" />;
      break;
    case 'not-found':
      screen = <NotFoundScreen />;
      break;
  }
  return (
    <main className="team-main" id="main" key={route.screen}>
      {screen}
    </main>
  );
}
