import { useEffect, useState } from 'react';
import type { DecisionAnswer, Note, TeamApplication } from './team-answers';
import { useTeam } from './team-context';
import { failureText, type Failure } from './team-outcome';
import { permissionsOf } from './team-permissions';
import { pathOf } from './team-routes';
import { dayOf, statusName } from './team-words';
import { ScreenHeading } from './screen-heading';
import { TeamLink } from './team-link';
import { ApplicationAnswers } from './application-answers';
import { ApplicationFiles } from './application-files';
import { ApplicationHistory } from './application-history';
import { DecisionForm } from './decision-form';
import { NotesSection } from './notes-section';

type Loaded = { phase: 'loading' } | { phase: 'failed'; failure: Failure } | { phase: 'ready'; application: TeamApplication };

/**
 * One application as the creator sent it: its reference and where it stands, every answer under its
 * label, its revisions and files, the history, the team's private notes, and for reviewers and
 * admins the decision. Viewers read it all and change nothing.
 */
export function ApplicationScreen({ id }: { id: string }) {
  const { api, session, endedBy } = useTeam();
  const may = permissionsOf(session.role);
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });

  useEffect(() => {
    let live = true;
    void api.application(id).then((outcome) => {
      if (!live) return;
      if (outcome.ok) setLoaded({ phase: 'ready', application: outcome.value });
      else if (!endedBy(outcome.failure)) setLoaded({ phase: 'failed', failure: outcome.failure });
    });
    return () => {
      live = false;
    };
  }, [api, endedBy, id]);

  const back = (
    <p className="application-back">
      <TeamLink href={pathOf({ screen: 'inbox' })}>Back to the applications</TeamLink>
    </p>
  );
  if (loaded.phase === 'loading') {
    return (
      <>
        {back}
        <p role="status">Loading the application…</p>
      </>
    );
  }
  if (loaded.phase === 'failed') {
    return (
      <>
        {back}
        <ScreenHeading title="Application">
          {loaded.failure.kind === 'not-found' ? 'Application not found' : 'The application could not be opened'}
        </ScreenHeading>
        <p className="team-alert" role="alert">
          {failureText(loaded.failure)}
        </p>
      </>
    );
  }

  const { application } = loaded;
  const standing = (answer: DecisionAnswer) => {
    setLoaded({ phase: 'ready', application: { ...application, status: answer.status, history: answer.history } });
  };
  const noted = (note: Note) => {
    setLoaded({ phase: 'ready', application: { ...application, notes: [...application.notes, note] } });
  };
  const name = application.reference ?? application.id;
  return (
    <>
      {back}
      <ScreenHeading title={`Application ${name}`}>
        Application{' '}
        <span dir="ltr" className="team-nowrap">
          {name}
        </span>
      </ScreenHeading>
      <dl className="application-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`team-status team-status--${application.status.status}`}>{statusName(application.status.status)}</span>
          </dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>
            <time dateTime={application.receivedAt}>{dayOf(application.receivedAt)}</time>
          </dd>
        </div>
        {application.language && (
          <div>
            <dt>Language</dt>
            <dd dir="ltr">{application.language}</dd>
          </div>
        )}
        {application.programme?.title && (
          <div>
            <dt>Programme</dt>
            <dd>{application.programme.title}</dd>
          </div>
        )}
      </dl>
      <div className="application-layout">
        <div className="application-layout__main">
          <ApplicationAnswers revisions={application.revisions} />
          <ApplicationFiles files={application.files} />
        </div>
        <div className="application-layout__side">
          {may.decide && <DecisionForm applicationId={application.id} current={application.status} history={application.history} onStanding={standing} />}
          <ApplicationHistory history={application.history} />
          <NotesSection applicationId={application.id} notes={application.notes} canWrite={may.note} onAdded={noted} />
        </div>
      </div>
    </>
  );
}
