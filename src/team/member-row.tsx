import { useId, useState } from 'react';
import type { Member, Role } from './team-answers';
import { RoleSelect } from './role-select';
import { dayOf } from './team-words';

interface Props {
  member: Member;
  isYou: boolean;
  onChangeRole: (member: Member, role: Role) => Promise<boolean>;
  onRemove: (member: Member) => Promise<boolean>;
}

/** One member: their role, changed with its own button, and removal asked twice (a removed member's sessions end at once). */
export function MemberRow({ member, isYou, onChangeRole, onRemove }: Props) {
  const id = useId();
  const [role, setRole] = useState<Role>(member.role);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<boolean>) => {
    if (busy) return;
    setBusy(true);
    await action();
    setBusy(false);
  };
  return (
    <li className="member">
      <p className="member__who">
        <span dir="ltr" className="member__email" id={`${id}-email`}>
          {member.email}
        </span>
        {isYou && <span className="team-muted"> (you)</span>}
        {member.addedAt && <span className="team-muted member__since">{` · added ${dayOf(member.addedAt)}`}</span>}
      </p>
      <div className="member__actions">
        <div className="member__role">
          <label htmlFor={`${id}-role`}>Role</label>
          <RoleSelect id={`${id}-role`} className="team-input member__select" value={role} describedBy={`${id}-email`} onChange={setRole} />
          {role !== member.role && (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy ? true : undefined}
              aria-describedby={`${id}-email`}
              onClick={() => void run(() => onChangeRole(member, role))}
            >
              Save role
            </button>
          )}
        </div>
        {confirming ? (
          <div className="member__confirm" role="group" aria-label={`Remove ${member.email}?`}>
            <p>{`Remove ${member.email}? Their sessions end at once.`}</p>
            <button type="button" className="button button--primary" aria-disabled={busy ? true : undefined} onClick={() => void run(() => onRemove(member))}>
              Yes, remove
            </button>
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Keep
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button button--link"
            aria-describedby={`${id}-email`}
            onClick={() => {
              setConfirming(true);
            }}
          >
            Remove
          </button>
        )}
      </div>
    </li>
  );
}
