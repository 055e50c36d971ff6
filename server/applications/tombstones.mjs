// What erasure leaves behind (table `erased`, schema version 6): for each application erased, the
// SHA-256 of its Application-Id, of each of its Idempotency-Keys and of its status link's hash (so
// the link answers 410 `withdrawn`: server/status/status-lookup.mjs), as hex, and when. Nothing
// personal: no address, no answer, not even the ids themselves. The receiver hashes the id and
// the key of every PUT the same way and refuses one that meets a tombstone (410 Gone), so a device
// that was offline during the erasure cannot store the creator again by retrying, replaying or
// revising the application it still holds.
//
// Plain SHA-256 rather than a keyed hash: the ids the wizard makes are random (122 bits), so their
// hashes reveal nothing; a key kept in the same database would protect nothing from whoever reads
// that database, and a key kept elsewhere would be lost or differ between instances, stores,
// backups and restores, and then a tombstone would no longer match. A client that chose a
// guessable id (its creator's address, say) could have it guessed from the hash, as it could from
// the logs, which name applications by id.
import { createHash } from 'node:crypto';

/**
 * A tombstone's hash of an Application-Id or an Idempotency-Key.
 * @param {string} value
 */
export function tombstoneHash(value) {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Leaves a tombstone for each application named, for each Idempotency-Key of its revisions and for
 * its status link, in the caller's transaction: call it before deleting them.
 * @param {import('../store/store-types.mjs').Queryable} tx
 * @param {ReadonlyArray<string>} applicationIds
 * @param {Date} now
 */
export async function leaveTombstones(tx, applicationIds, now) {
  if (applicationIds.length === 0) return;
  const { rows } = await tx.query(
    `SELECT idempotency_key AS value FROM revisions WHERE application_id IN (SELECT jsonb_array_elements_text($1::jsonb))
     UNION ALL SELECT secret_hash FROM application_status_links WHERE application_id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(applicationIds)],
  );
  const hashes = [...new Set([...applicationIds, ...rows.map((row) => String(row.value))].map(tombstoneHash))];
  await tx.query('INSERT INTO erased (hash, erased_at) SELECT hash, $2 FROM jsonb_array_elements_text($1::jsonb) AS hash ON CONFLICT (hash) DO NOTHING', [
    JSON.stringify(hashes),
    now.toISOString(),
  ]);
}
