// The PostgreSQL store, for a deployer running several receivers behind a load balancer: a pool
// of `pg` connections to DATABASE_URL. Transactions are READ COMMITTED (the default); the unique
// Idempotency-Key and the per-application advisory lock in applications.mjs keep them correct.
import pg from 'pg';

/**
 * @param {string} connectionString
 * @param {{ max?: number }} [options]
 * @returns {Promise<import('./store-types.mjs').Store>}
 */
export async function openPostgresStore(connectionString, { max = 10 } = {}) {
  // A database that does not answer a connection within 5 s is a 503 the creator's device retries,
  // not a request held open until the device gives up.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  // A connection that fails while idle must not crash the receiver; the next query reconnects.
  pool.on('error', () => undefined);
  // Fail at start, not on the first application, when the database cannot be reached.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params) => pool.query(sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => client.query(sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
