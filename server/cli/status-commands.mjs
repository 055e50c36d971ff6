// What `npm run -s applications -- decide ID STATUS [--message TEXT]` and `show ID` do and print:
// a decision recorded (server/status/decide.mjs), or one application's reference, revisions and
// status history. Never a status link's secret: `show` prints the reference only, which proves
// nothing. Directly on the store (PostgreSQL, or an embedded store no receiver holds: mail and
// webhooks are on when SMTP_URL and WEBHOOK_URL are set here, as for the receiver), or through the
// running receiver's admin endpoints (status-admin.mjs: its own mail and webhooks).
import { DecisionRefused, decide } from '../status/decide.mjs';
import { GIVE_UP_AFTER_MS } from '../webhooks/retry-schedule.mjs';

/**
 * @typedef {import('../status/decide.mjs').Decided} Decided
 * @typedef {NonNullable<Awaited<ReturnType<typeof import('../status/status-history.mjs').applicationRecord>>>} ApplicationRecord
 */

/**
 * A decision made directly on the store; a refusal becomes the command's error.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {{ applicationId: string, status: string, message: string | null }} asked
 * @param {NodeJS.ProcessEnv} env SMTP_URL, WEBHOOK_URL
 * @returns {Promise<Decided>}
 */
export async function decideDirectly(store, asked, env) {
  try {
    return await decide(store, {
      ...asked,
      by: 'cli',
      mail: Boolean(env.SMTP_URL?.trim()),
      webhooks: env.WEBHOOK_URL?.trim() ? { giveUpAfterMs: GIVE_UP_AFTER_MS } : null,
    });
  } catch (error) {
    if (error instanceof DecisionRefused) throw new Error(`Not decided: ${error.message}.`, { cause: error });
    throw error;
  }
}

/** @param {Decided} decided */
export function describeDecision(decided) {
  return `Application ${decided.applicationId}${decided.reference ? ` (${decided.reference})` : ''} is now ${decided.status}, since ${decided.changedAt}.\n`;
}

/**
 * `show`'s text: the reference, the revisions, the history (a message indented under its status).
 * @param {string} applicationId
 * @param {ApplicationRecord | null} record
 */
export function describeApplication(applicationId, record) {
  if (!record) throw new Error(`No application ${applicationId}.`);
  const lines = [
    `Application ${record.applicationId}`,
    `Reference: ${record.reference ?? 'none (stored before status links; it gets one with its next revision)'}`,
    `Received: ${record.receivedAt}${record.language ? `, in ${record.language}` : ''}`,
    `Revisions: ${String(record.revisions.length)}${record.revisions.map((each) => `\n  ${each.revision === null ? '(unnumbered)' : `revision ${String(each.revision)}`}  ${each.receivedAt}`).join('')}`,
    `Status: ${record.status}, since ${record.changedAt}`,
    'History:',
    ...record.history.map(
      (change) =>
        `  ${change.changedAt}  ${change.status}  by ${change.changedBy}${change.message === null ? '' : `\n    ${change.message.replaceAll('\n', '\n    ')}`}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
