// The rows of an application's status link as the receiver's statement needs them
// (applications-table.mjs): the references' sequence numbers it may use, and each answered
// application's link. The link's rules (its key, its reference) are the status room's, handed in.

/**
 * `count` numbers of the references' sequence, for the bodies of one statement.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function referenceNumbers(store, count) {
  const { rows } = await store.query(`SELECT nextval('application_reference_numbers') AS n FROM generate_series(1, $1::integer)`, [count]);
  return rows.map((row) => Number(row.n));
}

/**
 * The status links of the applications answered, from the statement's rows ('link'), and read
 * again for any another instance linked meanwhile (a key stored by it at the same moment).
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {ReadonlyArray<Record<string, unknown>>} rows
 * @param {ReadonlyArray<string>} answered
 * @returns {Promise<Map<string, { reference: string, pageOrigin: string, secretHash: string }>>}
 */
export async function statusLinksOf(store, rows, answered) {
  /** @type {Map<string, { reference: string, pageOrigin: string, secretHash: string }>} */
  const links = new Map();
  for (const row of rows.filter((each) => each.outcome === 'link')) {
    // The origin and the hash in one column ('origin hash'): an origin holds no space.
    const [pageOrigin = '', secretHash = ''] = String(row.fingerprint).split(' ');
    links.set(String(row.application_id), { reference: String(row.idempotency_key), pageOrigin, secretHash });
  }
  const unread = [...new Set(answered)].filter((id) => !links.has(id));
  if (unread.length > 0) {
    const again = await store.query(
      'SELECT application_id, reference, page_origin, secret_hash FROM application_status_links WHERE application_id IN (SELECT jsonb_array_elements_text($1::jsonb))',
      [JSON.stringify(unread)],
    );
    for (const row of again.rows)
      links.set(String(row.application_id), { reference: String(row.reference), pageOrigin: String(row.page_origin), secretHash: String(row.secret_hash) });
  }
  return links;
}
