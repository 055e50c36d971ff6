import type { Status } from './team-answers';

/** The page's names for statuses, roles' actions and times, in English (the team app's one language so far). */

const STATUS_NAMES: Record<Status, string> = {
  received: 'Received',
  'in-review': 'In review',
  accepted: 'Accepted',
  declined: 'Declined',
};

export function statusName(status: Status): string {
  return STATUS_NAMES[status];
}

const ACTION_NAMES: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in-refused': 'Sign-in refused',
  'sign-out': 'Signed out',
  view: 'Viewed an application',
  decision: 'Decided',
  note: 'Wrote a note',
  export: 'Exported the list',
  'member-added': 'Added a member',
  'member-removed': 'Removed a member',
  'member-role-changed': 'Changed a role',
};

/** An audit action in words; an action this page does not know is shown as the server named it. */
export function actionName(action: string): string {
  return ACTION_NAMES[action] ?? action;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const MOMENT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A day as the page shows it ("3 Mar 2025"), in the reader's time zone; text it cannot read, as it is. */
export function dayOf(at: string): string {
  const time = Date.parse(at);
  return Number.isFinite(time) ? DAY.format(time) : at;
}

/** A moment with its time ("3 Mar 2025, 14:05"). */
export function momentOf(at: string): string {
  const time = Date.parse(at);
  return Number.isFinite(time) ? MOMENT.format(time) : at;
}

/** A file's size in words ("2.4 MB"). */
export function sizeOf(bytes: number): string {
  if (bytes < 1000) return `${String(bytes)} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
