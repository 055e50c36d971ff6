// Retention (RETENTION_DAYS, off by default): what the receiver holds longer than the programme may
// keep it is erased, as `erase --email` erases (erasure.mjs), tombstones included, so a device that
// still holds an application erased by age cannot store it again either. In one transaction:
// - every application whose latest revision was received before the cutoff, with all its revisions
//   (an application revised since is kept whole: its answers are that recent);
// - every webhook message created before the cutoff, whatever its status, and those of the
//   applications erased;
// - the content of every draft in transit stored before the cutoff (its row stays as the drafts'
//   own tombstone until its expiry, so its link answers 410 like a used one).
// Then the store purges the deleted rows from its files, and the applications' files leave the
// uploads folder, as after an erasure.
import { eraseFound, readCommitted, removeErasedFiles } from './erasure.mjs';

/** @typedef {{ applications: number, revisions: number, webhooks: number, drafts: number, files: number }} RetentionErased */

/**
 * Erases what was received before `cutoff` (see above).
 * @param {import('../store/store-types.mjs').Store} store
 * @param {Date} cutoff
 * @param {{ now?: Date, uploadsFolder?: string | null }} [options] uploadsFolder: where the uploads are (uploads-folder.mjs)
 * @returns {Promise<RetentionErased>}
 */
export async function eraseOlderThan(store, cutoff, { now = new Date(), uploadsFolder = null } = {}) {
  const before = cutoff.toISOString();
  const erased = await store.transaction(async (tx) => {
    await readCommitted(store.kind, tx);
    // The messages first, so those of the applications erased below are counted too.
    const webhooks = await tx.query(
      `WITH gone AS (
         DELETE FROM webhook_deliveries WHERE created_at < $1 OR application_id IN (SELECT id FROM applications WHERE updated_at < $1) RETURNING 1
       ) SELECT count(*) AS count FROM gone`,
      [before],
    );
    const { applications, revisions, uploadIds } = await eraseFound(
      store.kind,
      tx,
      async (query) => (await query.query('SELECT id FROM applications WHERE updated_at < $1', [before])).rows.map((row) => String(row.id)),
      now,
    );
    const drafts = await tx.query(
      'WITH gone AS (UPDATE receiver_drafts.drafts SET content = NULL WHERE created_at < $1 AND content IS NOT NULL RETURNING 1) SELECT count(*) AS count FROM gone',
      [before],
    );
    return { applications, revisions, uploadIds, webhooks: Number(webhooks.rows[0]?.count ?? 0), drafts: Number(drafts.rows[0]?.count ?? 0) };
  });
  if (erased.revisions + erased.webhooks + erased.drafts > 0) await store.purgeErased?.();
  const files = await removeErasedFiles(uploadsFolder, erased.uploadIds);
  return { applications: erased.applications, revisions: erased.revisions, webhooks: erased.webhooks, drafts: erased.drafts, files };
}
