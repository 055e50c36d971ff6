// The store interface both adapters implement (pglite-store.mjs, postgres-store.mjs): plain SQL
// with $1-style parameters and transactions, nothing more, so applications.mjs runs unchanged on both.

/**
 * @typedef {{ rows: Array<Record<string, unknown>> }} QueryResult
 * @typedef {{ query: (sql: string, params?: unknown[]) => Promise<QueryResult> }} Queryable
 * @typedef {Queryable & {
 *   kind: 'embedded' | 'postgres',
 *   transaction: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>,
 *   close: () => Promise<void>,
 *   purgeErased?: () => Promise<void>,
 * }} Store
 *   purgeErased: makes deleted rows unreadable in the store's own files (the embedded store; a
 *   PostgreSQL server's files are its operator's: docs/receiver.md, "Erasure")
 */

export {};
