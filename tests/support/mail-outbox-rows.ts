// Applications and status rows for the mail room's tests, written as the receiver and the status
// room write them (migration 8): the application through receiveApplication, its status link and
// its statuses by INSERT, each status 'pending' in the outbox as when SMTP_URL is set.
import { receiveApplication } from '../../server/applications/applications-table.mjs';
import type { Queryable, Store } from '../../server/store/store-types.mjs';
import { sampleBody } from './sample-application.mjs';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

export const PAGE_ORIGIN = 'https://apply.example.com';

/** A stored application with its status link; gives its id and reference. */
export async function storedApplication(
  store: Store,
  { email = 'ada@example.com', language = 'en' }: { email?: string; language?: string | null } = {},
): Promise<{ applicationId: string; reference: string }> {
  const applicationId = unique('app');
  const result = await receiveApplication(store, {
    key: unique('key'),
    applicationId,
    clientRevision: 1,
    fingerprint: unique('fingerprint'),
    body: sampleBody({ email }),
    email,
    language,
    receivedAt: new Date(),
  });
  if (result.outcome !== 'created') throw new Error(`not stored: ${result.outcome}`);
  counter += 1;
  const alphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
  const reference = `K7QM-${[0, 1, 2, 3].map((place) => alphabet[Math.floor(counter / alphabet.length ** place) % alphabet.length]).join('')}`;
  await store.query(
    `INSERT INTO application_status_links (application_id, reference, reference_number, secret_hash, page_origin, created_at)
     VALUES ($1, $2, nextval('application_reference_numbers'), $3, $4, now())`,
    [applicationId, reference, unique('hash'), PAGE_ORIGIN],
  );
  return { applicationId, reference };
}

/** A status row with its e-mail pending; gives its seq. */
export async function pendingStatus(
  store: Queryable,
  applicationId: string,
  status: 'received' | 'accepted' | 'declined' | 'in-review',
  message: string | null = null,
  changedAt = new Date(),
): Promise<number> {
  const { rows } = await store.query(
    `INSERT INTO application_statuses (application_id, status, message, changed_at, changed_by, mail_status, mail_next_attempt_at)
     VALUES ($1, $2, $3, $4, 'receiver', 'pending', $4) RETURNING seq`,
    [applicationId, status, message, changedAt.toISOString()],
  );
  return Number(rows[0]?.seq);
}

/** The outbox columns of one row. */
export async function mailRow(store: Queryable, seq: number): Promise<{ status: string; attempts: number; lastError: string | null; sentAt: string | null }> {
  const { rows } = await store.query(`SELECT mail_status, mail_attempts, mail_last_error, mail_sent_at FROM application_statuses WHERE seq = $1`, [seq]);
  const row = rows[0];
  if (!row) throw new Error(`no status ${String(seq)}`);
  return {
    status: String(row.mail_status),
    attempts: Number(row.mail_attempts),
    lastError: typeof row.mail_last_error === 'string' ? row.mail_last_error : null,
    sentAt: row.mail_sent_at === null ? null : new Date(row.mail_sent_at as string | Date).toISOString(),
  };
}

/** Waits until `check` holds, polling. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
