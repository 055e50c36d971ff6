// What the receiver stores, in SQL that runs unchanged on PGlite and PostgreSQL: one application
// per Application-Id, each distinct body a revision with its own Idempotency-Key. The latest
// revision is the one with the highest client revision number (the wizard counts its edits), then
// the last received; an export shows only that one. Every write is one transaction, committed
// before the caller answers; several received bodies may share one (group-commit.mjs).
//
// A numbered body is stored only when its number is higher than every number already stored for
// its application. Two devices may hold one application ("continue on another device"): each
// numbers its next body one more than the last revision it knows, so a device whose copy is stale
// sends a number the other may have used already, and storing it would put older answers beside,
// or in place of, newer ones. Such a body is refused (`stale`), and the device is told the latest.
import { iso } from './stored-applications.mjs';
import { referenceNumbers, statusLinksOf } from './status-link-rows.mjs';
import { RECEIVE_STATEMENT, statementInput } from './receive-statement.mjs';

/**
 * @typedef {{ id: string, receivedAt: string, reference?: string, statusUrl?: string }} Receipt reference,
 *   statusUrl: where it stands (server/status/), given the status links and a link stored
 * @typedef {{
 *   uploadId: string, field: string, name: string, type: string, size: number, sha256: string,
 *   width: number | null, height: number | null,
 * }} BoundFile an upload the body names, with what the receiver judged of its bytes (server/uploads/)
 * @typedef {{
 *   key: string, applicationId: string, clientRevision: number | null, fingerprint: string,
 *   body: unknown, email: string | null, language: string | null, receivedAt: Date,
 *   files?: ReadonlyArray<BoundFile>, pageOrigin?: string | null, programmeDigest?: string | null,
 * }} Received files: bound to the application in the statement that stores the body;
 *   programmeDigest: the programme that judged the body (server/programme/), whose labels the team reads it with;
 *   pageOrigin: the origin of the page that sent it, where its status link points (null: no link)
 * @typedef {{ hashFor: (applicationId: string) => string, reference: (sequenceNumber: number) => string, urlFor: (pageOrigin: string, applicationId: string) => string }} StatusLinks
 *   what the receiver is handed of the status links (server/status/status-links.mjs)
 * @typedef {{ webhooks?: boolean, giveUpAfterMs?: number, links?: StatusLinks | null, mail?: boolean }} ReceiveOptions
 *   webhooks: write a delivery to the webhooks' outbox for each revision stored, in the same
 *   statement, retried for giveUpAfterMs; links: give each application its status link (and its
 *   receipt its reference and link); mail: the `received` status waits in the mail outbox
 * @typedef {{ outcome: 'created' | 'replayed', receipt: Receipt } | { outcome: 'mismatch' }
 *   | { outcome: 'stale', latestRevision: number, receivedAt: string } | { outcome: 'erased' }
 *   | { outcome: 'file-not-own', uploadIds: string[] }} ReceiveResult
 *   stale: a new key whose Application-Revision is not above the highest stored for its application
 *   (latestRevision, received at receivedAt); nothing was stored
 *   erased: its application or its key has a tombstone (tombstones.mjs): the application was
 *   erased, and nothing of it is stored again
 *   file-not-own: a new key that names uploads (uploadIds) bound to another application, or named
 *   by the body of another application before it in the same statement; nothing was stored
 */

/**
 * The class of the advisory locks that serialise, on PostgreSQL, the bodies of one application
 * (the other key is the hash of its id: two ids of one hash only wait for each other). Two-key
 * locks never meet MIGRATION_LOCK's one key.
 */
export const REVISION_LOCK_CLASS = 7406320;

/**
 * The class of the advisory locks that serialise, on PostgreSQL, the binding of one upload (the
 * other key is the hash of its id), taken after the applications' locks, each class in one order,
 * so two transactions never wait for each other in a circle.
 */
export const UPLOAD_LOCK_CLASS = 7406321;

/**
 * Stores received bodies, or finds the revisions their keys already made, all in one statement:
 * one transaction and one commit for the lot (the group commit of group-commit.mjs; on the
 * embedded store one round trip too), each result in the order given. It reads the keys; a new key whose revision
 * number is not above every number stored for its application, nor above those of the bodies
 * before it in `received`, is refused as stale; for the others it upserts their applications and
 * inserts their revisions in the order given (so the last received is the latest among bodies
 * without a number). When another instance stores the same key at the same moment, the unique key
 * makes the insert wait for it and do nothing; that key is then read again. The keys must be
 * distinct: a key's repeat waits for its first to be answered (receiver.mjs).
 * With webhooks on, each revision stored gets its delivery in the outbox in the same statement
 * (so the same transaction): `application.received` for the first revision of an application,
 * `application.revised` for the others; a repeated or refused body gets none.
 * On PostgreSQL, where other connections and instances store at the same moment, the statement
 * runs in a transaction that first takes each application's advisory lock: in READ COMMITTED the
 * statement's snapshot is taken after the locks, so it sees every revision committed before, and
 * of two bodies with one number at once the second sees the first and is refused. The embedded
 * store needs no lock: it runs one statement at a time, in one process (data-dir-lock.mjs).
 * @param {import('../store/store-types.mjs').Store} store
 * @param {ReadonlyArray<Received>} received
 * @param {ReceiveOptions} [options]
 * @returns {Promise<ReceiveResult[]>}
 */
export async function receiveApplications(store, received, options = {}) {
  if (received.length === 0) return [];
  if (new Set(received.map((item) => item.key)).size !== received.length) throw new Error('one Idempotency-Key twice in one statement');
  const uploadIds = [...new Set(received.flatMap((item) => (item.files ?? []).map((file) => file.uploadId)))];
  const references = options.links ? await referenceNumbers(store, received.length) : []; // before the locks are taken
  if (store.kind !== 'postgres') return storeOrFind(store, received, options, references);
  return store.transaction(async (tx) => {
    // Whatever default_transaction_isolation says: a snapshot per statement is what the lock needs.
    await tx.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
    // In one order (by hash) whatever the order of the bodies, so two transactions never deadlock.
    await tx.query(
      `SELECT pg_advisory_xact_lock($1, hash) FROM (
         SELECT DISTINCT hashtext(id) AS hash FROM jsonb_array_elements_text($2::jsonb) AS id ORDER BY 1
       ) AS locks`,
      [REVISION_LOCK_CLASS, JSON.stringify([...new Set(received.map((item) => item.applicationId))])],
    );
    // Then each upload's: of two applications naming one upload at once, the second sees the first's binding.
    if (uploadIds.length > 0) {
      await tx.query(
        'SELECT pg_advisory_xact_lock($1, hash) FROM (SELECT DISTINCT hashtext(id) AS hash FROM jsonb_array_elements_text($2::jsonb) AS id ORDER BY 1) AS locks',
        [UPLOAD_LOCK_CLASS, JSON.stringify(uploadIds)],
      );
    }
    return storeOrFind(tx, received, options, references);
  });
}

/**
 * receiveApplications' statement, and the reading of its answer.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {ReadonlyArray<Received>} received
 * @param {ReceiveOptions} options
 * @param {number[]} references a number of the references' sequence per body (referenceNumbers)
 * @returns {Promise<ReceiveResult[]>}
 */
async function storeOrFind(store, received, { webhooks = false, giveUpAfterMs = 0, links = null, mail = false }, references) {
  const input = statementInput(received, links, references);
  const { rows } = await store.query(RECEIVE_STATEMENT, [JSON.stringify(input), webhooks, giveUpAfterMs, mail]);
  const erased = new Set(rows.filter((row) => row.outcome === 'erased').map((row) => String(row.idempotency_key)));
  /** The uploads of each key refused because they are another application's (in `fingerprint`'s column). */
  /** @type {Map<string, string[]>} */
  const claimed = new Map();
  for (const row of rows.filter((each) => each.outcome === 'claimed')) {
    const key = String(row.idempotency_key);
    claimed.set(key, [...(claimed.get(key) ?? []), String(row.fingerprint)]);
  }
  const byKey = new Map(
    rows.filter((row) => !['latest', 'erased', 'claimed', 'link'].includes(String(row.outcome))).map((row) => [String(row.idempotency_key), row]),
  );
  const missing = received.filter((item) => !byKey.has(item.key) && !erased.has(item.key) && !claimed.has(item.key)).map((item) => item.key);
  if (missing.length > 0) {
    const again = await store.query(
      'SELECT idempotency_key, application_id, fingerprint, received_at FROM revisions WHERE idempotency_key IN (SELECT jsonb_array_elements_text($1::jsonb))',
      [JSON.stringify(missing)],
    );
    for (const row of again.rows) byKey.set(String(row.idempotency_key), row);
  }
  /** Each application's latest numbered revision, as the bodies are taken in order. */
  const latest = new Map(
    rows
      .filter((row) => row.outcome === 'latest')
      .map((row) => [String(row.application_id), { latestRevision: Number(row.client_revision), receivedAt: iso(row.received_at) }]),
  );
  /** @type {Map<string, { reference: string, pageOrigin: string, secretHash: string }>} */
  const linksOf = links
    ? await statusLinksOf(
        store,
        rows,
        [...byKey.values()].map((row) => String(row.application_id)),
      )
    : new Map();
  /** @type {(id: string, receivedAt: unknown) => Receipt} with the reference and status link when it has one */
  const receiptOf = (id, receivedAt) => {
    const link = linksOf.get(id);
    if (!link || !links) return { id, receivedAt: iso(receivedAt) };
    // A link made under another key (a store restored without its key file) would not open: the reference alone, then.
    return links.hashFor(id) === link.secretHash
      ? { id, receivedAt: iso(receivedAt), reference: link.reference, statusUrl: links.urlFor(link.pageOrigin, id) }
      : { id, receivedAt: iso(receivedAt), reference: link.reference };
  };
  return received.map((item) => {
    if (erased.has(item.key)) return { outcome: 'erased' };
    const foreign = claimed.get(item.key);
    if (foreign) return { outcome: 'file-not-own', uploadIds: [...new Set(foreign)] };
    const row = byKey.get(item.key);
    if (!row) throw new Error('the application was neither stored nor found');
    if (row.outcome === 'stale') {
      const newest = latest.get(item.applicationId);
      if (!newest) throw new Error('a revision was refused as stale with no newer one stored');
      return { outcome: 'stale', ...newest };
    }
    if (row.outcome === 'created') {
      const receipt = receiptOf(item.applicationId, row.received_at);
      if (item.clientRevision !== null) latest.set(item.applicationId, { latestRevision: item.clientRevision, receivedAt: receipt.receivedAt });
      return { outcome: 'created', receipt };
    }
    // The answer already given for the key, or 'mismatch' when the key came with another request.
    if (row.fingerprint !== item.fingerprint) return { outcome: 'mismatch' };
    return { outcome: 'replayed', receipt: receiptOf(String(row.application_id), row.received_at) };
  });
}

/** Stores one received body, or finds the revision its key already made (receiveApplications for one).
 * @param {import('../store/store-types.mjs').Store} store
 * @param {Received} received
 * @param {ReceiveOptions} [options]
 * @returns {Promise<ReceiveResult>}
 */
export async function receiveApplication(store, received, options = {}) {
  const [result] = await receiveApplications(store, [received], options);
  if (!result) throw new Error('the application was neither stored nor found');
  return result;
}
