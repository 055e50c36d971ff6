// Whether an upload belongs to an application: the receiver-files checks bind each upload an
// application's PUT lists, in the same transaction that stores it, in application_files
// (migration 7; docs/receiver.md, "Files of applications"). A bound upload is the application's
// file: never expired, never withdrawn by a DELETE. Until that table exists in the store every
// upload counts as bound, so a receiver whose store predates it deletes no complete file it might
// still need.

/** PostgreSQL's code for a table that does not exist. */
const UNDEFINED_TABLE = '42P01';

/**
 * @param {import('../store/store-types.mjs').Queryable} store
 * @returns {(id: string) => Promise<boolean>}
 */
export function uploadBinding(store) {
  return async (id) => {
    try {
      const { rows } = await store.query('SELECT 1 FROM application_files WHERE upload_id = $1 LIMIT 1', [id]);
      return rows.length > 0;
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === UNDEFINED_TABLE) return true;
      throw error;
    }
  };
}
