import { ROLES, type Role } from './team-answers';
import { roleName } from './team-permissions';

/** The roles to choose from, by their names: the members page's form and each member's row. */
export function RoleSelect({
  id,
  value,
  onChange,
  className = 'team-input',
  describedBy,
}: {
  id: string;
  value: Role;
  onChange: (role: Role) => void;
  className?: string;
  describedBy?: string;
}) {
  return (
    <select
      id={id}
      className={className}
      value={value}
      aria-describedby={describedBy}
      onChange={(event) => {
        onChange(event.target.value as Role);
      }}
    >
      {ROLES.map((option) => (
        <option key={option} value={option}>
          {roleName(option)}
        </option>
      ))}
    </select>
  );
}
