import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { Member, Role } from './team-answers';
import { useTeam } from './team-context';
import { failureText, type Failure } from './team-outcome';
import { roleName } from './team-permissions';
import { emailProblem } from './sign-in-words';
import { ScreenHeading } from './screen-heading';
import { MemberRow } from './member-row';
import { RoleSelect } from './role-select';

/** The team (admins): who is on it with which role, adding a member, changing a role, removing one. */
export function MembersScreen() {
  const { api, session, endedBy } = useTeam();
  const id = useId();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [problem, setProblem] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void api.members().then((outcome) => {
      if (!live) return;
      if (outcome.ok) setMembers(outcome.value);
      else if (!endedBy(outcome.failure)) setFailure(outcome.failure);
    });
    return () => {
      live = false;
    };
  }, [api, endedBy, version]);

  /** A change's outcome: the list read again and a line saying so, or the refusal (the last admin's included). */
  const settle = (outcome: { ok: true } | { ok: false; failure: Failure }, said: string) => {
    if (!outcome.ok) {
      if (!endedBy(outcome.failure)) {
        setDone(null);
        setFailure(outcome.failure);
      }
      return false;
    }
    setFailure(null);
    setDone(said);
    setVersion((count) => count + 1);
    return true;
  };

  const add = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    if (settle(await api.addMember(email.trim(), role), `${email.trim()} was added as ${roleName(role)}.`)) setEmail('');
  };

  return (
    <>
      <ScreenHeading title="Members">Members</ScreenHeading>
      <p>Viewers read applications. Reviewers also write notes, decide and export. Admins also manage the team and read the audit log.</p>
      <div role="alert">
        {failure && (
          <p className="team-alert">
            {failure.kind === 'last-admin' ? 'The team must keep at least one admin: make someone else an admin first.' : failureText(failure)}
          </p>
        )}
      </div>
      <div role="status">{done && <p className="team-note">{done}</p>}</div>
      {members === null && !failure && <p role="status">Loading the team…</p>}
      {members && (
        <ul className="members">
          {members.map((member) => (
            <MemberRow
              key={`${member.email}-${member.role}`}
              member={member}
              isYou={member.email === session.email}
              onChangeRole={async (changed, to) => settle(await api.changeRole(changed.email, to), `${changed.email} is now ${roleName(to)}.`)}
              onRemove={async (removed) => settle(await api.removeMember(removed.email), `${removed.email} was removed from the team.`)}
            />
          ))}
        </ul>
      )}
      <form className="member-add" noValidate onSubmit={(event) => void add(event)}>
        <h2>Add a member</h2>
        <div className="member-add__fields">
          <div className="team-field">
            <label htmlFor={`${id}-email`}>E-mail address</label>
            <input
              id={`${id}-email`}
              className="team-input"
              type="email"
              dir="ltr"
              autoComplete="off"
              value={email}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
          </div>
          <div className="team-field">
            <label htmlFor={`${id}-role`}>Role</label>
            <RoleSelect id={`${id}-role`} value={role} onChange={setRole} />
          </div>
        </div>
        <div aria-live="assertive">
          {problem && (
            <p id={`${id}-problem`} className="team-problem">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary">
          Add member
        </button>
      </form>
    </>
  );
}
