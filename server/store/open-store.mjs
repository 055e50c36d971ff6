// Which store the receiver uses: PostgreSQL when DATABASE_URL is set, else the embedded PGlite
// database in DATA_DIR (default ./data). The schema is created or migrated before it is handed out.
import { resolve } from 'node:path';
import { openPgliteStore } from './pglite-store.mjs';
import { migrate } from './schema.mjs';

/**
 * @param {{ databaseUrl?: string | undefined, dataDir: string }} options
 * @returns {Promise<import('./store-types.mjs').Store>}
 */
export async function openStore({ databaseUrl, dataDir }) {
  // The PostgreSQL client is loaded only when it is used: about 12 MB the embedded receiver's memory does without.
  const store = databaseUrl ? await (await import('./postgres-store.mjs')).openPostgresStore(databaseUrl) : await openPgliteStore(resolve(dataDir));
  try {
    await migrate(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
