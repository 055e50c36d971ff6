// Erasing applications, by their creator's address (`npm run -s applications -- erase --email`) or
// by age (retention.mjs): each application found goes with all its revisions, its status history
// and link, and their webhooks not yet delivered (those rows cascade), and leaves a tombstone
// (tombstones.mjs, its status link's too), in one
// transaction; then the store purges the deleted rows from its files (the embedded store), and
// the bytes of the applications' files (server/uploads/) are removed from the uploads folder, the
// folder synced. Rows first: a crash between the two leaves bytes no application names, which the
// uploads' sweep of abandoned uploads removes (unbound for a day), never a row without its bytes
// being taken for an erasure done.
//
// On PostgreSQL, where a revision of the same application may be being stored at that moment by
// another connection or instance, the erasure first takes each application's advisory lock, the one
// receiveApplications takes (applications.mjs), then reads again: a PUT that was storing waits for
// nothing more and is erased with the rest, and one that comes after waits for the erasure's commit
// and finds the tombstone. The embedded store runs one transaction at a time.
import { REVISION_LOCK_CLASS } from './applications-table.mjs';
import { normalisedEmail } from '../store/email-match.mjs';
import { leaveTombstones } from './tombstones.mjs';
import { removeStoredUploads } from '../uploads/stored-uploads.mjs';

/**
 * @typedef {{ applications: number, revisions: number, files: number }} Erased files: of their uploads, removed from the disk
 * @typedef {{ applications: number, revisions: number, uploadIds: string[] }} ErasedRows the uploads whose bytes are to go once committed
 * @typedef {(tx: import('../store/store-types.mjs').Queryable) => Promise<string[]>} FindApplications
 *   the ids of the applications to erase, read in the erasure's transaction
 */

/**
 * The first statement of an erasure's transaction on PostgreSQL: READ COMMITTED whatever
 * default_transaction_isolation says, so each statement sees what committed before it (the locks).
 * @param {import('../store/store-types.mjs').Store['kind']} kind
 * @param {import('../store/store-types.mjs').Queryable} tx
 */
export async function readCommitted(kind, tx) {
  if (kind === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
}

/**
 * Deletes, with their tombstones, the applications `find` names, in the caller's transaction
 * (begun with readCommitted).
 * @param {import('../store/store-types.mjs').Store['kind']} kind
 * @param {import('../store/store-types.mjs').Queryable} tx
 * @param {FindApplications} find
 * @param {Date} now
 * @returns {Promise<ErasedRows>}
 */
export async function eraseFound(kind, tx, find, now) {
  let ids = await find(tx);
  if (kind === 'postgres') {
    /** @type {Set<string>} */
    const locked = new Set();
    // Locked in one order (by hash), as receiveApplications does, then read again under the locks,
    // until no application to erase is left unlocked.
    while (ids.some((id) => !locked.has(id))) {
      const more = ids.filter((id) => !locked.has(id));
      await tx.query(
        'SELECT pg_advisory_xact_lock($1, hash) FROM (SELECT DISTINCT hashtext(id) AS hash FROM jsonb_array_elements_text($2::jsonb) AS id ORDER BY 1) AS locks',
        [REVISION_LOCK_CLASS, JSON.stringify(more)],
      );
      for (const id of more) locked.add(id);
      ids = [...new Set([...ids, ...(await find(tx))])];
    }
  }
  if (ids.length === 0) return { applications: 0, revisions: 0, uploadIds: [] };
  await leaveTombstones(tx, ids, now);
  const { rows } = await tx.query(
    `WITH doomed AS (SELECT jsonb_array_elements_text($1::jsonb) AS id),
          gone_files AS (DELETE FROM application_files WHERE application_id IN (SELECT id FROM doomed) RETURNING upload_id),
          gone_revisions AS (DELETE FROM revisions WHERE application_id IN (SELECT id FROM doomed) RETURNING 1),
          gone AS (DELETE FROM applications WHERE id IN (SELECT id FROM doomed) RETURNING 1)
     SELECT (SELECT count(*) FROM gone) AS applications, (SELECT count(*) FROM gone_revisions) AS revisions,
            (SELECT coalesce(jsonb_agg(upload_id), '[]'::jsonb) FROM gone_files) AS uploads`,
    [JSON.stringify(ids)],
  );
  const uploads = typeof rows[0]?.uploads === 'string' ? /** @type {unknown} */ (JSON.parse(rows[0].uploads)) : rows[0]?.uploads;
  return {
    applications: Number(rows[0]?.applications ?? 0),
    revisions: Number(rows[0]?.revisions ?? 0),
    uploadIds: Array.isArray(uploads) ? uploads.map(String) : [],
  };
}

/**
 * After the erasure committed: its uploads' bytes and metadata removed from the folder (synced).
 * @param {string | null} uploadsFolder null where the receiver keeps no files
 * @param {ReadonlyArray<string>} uploadIds
 * @returns {Promise<number>} how many were removed
 */
export async function removeErasedFiles(uploadsFolder, uploadIds) {
  if (!uploadsFolder || uploadIds.length === 0) return 0;
  return removeStoredUploads(uploadsFolder, uploadIds);
}

/**
 * Deletes every application any revision of which names this e-mail address (in any of its forms:
 * email-match.mjs), with all its revisions and their webhooks not yet delivered, leaves their
 * tombstones, then has the store purge them from its files and removes their files' bytes.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {string} email
 * @param {{ now?: Date, uploadsFolder?: string | null }} [options] uploadsFolder: where the uploads are (uploads-folder.mjs)
 * @returns {Promise<Erased>}
 */
export async function eraseByEmail(store, email, { now = new Date(), uploadsFolder = null } = {}) {
  const match = normalisedEmail(email);
  /** @type {FindApplications} */
  const find = async (tx) =>
    (await tx.query('SELECT DISTINCT application_id FROM revisions WHERE email = $1', [match])).rows.map((row) => String(row.application_id));
  const erased = await store.transaction(async (tx) => {
    await readCommitted(store.kind, tx);
    return eraseFound(store.kind, tx, find, now);
  });
  if (erased.revisions > 0) await store.purgeErased?.();
  const files = await removeErasedFiles(uploadsFolder, erased.uploadIds);
  return { applications: erased.applications, revisions: erased.revisions, files };
}
