// Whether the store can take an application now, asked cheaply enough for a health probe every
// few seconds: one transaction holding a statement that would write (an UPDATE matching no row),
// which PostgreSQL refuses on a read-only database (a hot standby after a failover that went the
// wrong way, `default_transaction_read_only`, a managed database set read-only when its disk
// filled), where a `SELECT 1` would still pass. It writes nothing (no row, no WAL record to sync),
// so a probe costs the store no fsync and leaves no dead rows behind.

/** SQLSTATE of a write refused because the transaction or the server is read-only (a standby too). */
const READ_ONLY_SQL_TRANSACTION = '25006';

/**
 * Why the store cannot take a write now, or null when it can.
 * @param {import('./store-types.mjs').Store} store
 * @returns {Promise<{ reason: string, detail: string } | null>} reason: for anyone (no address,
 *   no error text); detail: the error itself, for the log
 */
export async function storeRefusesWrites(store) {
  try {
    await store.transaction((tx) => tx.query('UPDATE schema_version SET applied_at = applied_at WHERE false'));
    return null;
  } catch (error) {
    const code = /** @type {{ code?: unknown }} */ (error).code;
    const detail = error instanceof Error ? error.message : String(error);
    if (code === READ_ONLY_SQL_TRANSACTION) return { reason: 'the database is read-only', detail };
    return { reason: 'the store does not answer', detail };
  }
}
