// The one statement that stores received bodies or finds the revisions their keys already made
// (applications-table.mjs, receiveApplications): each body's row as the statement reads it, and
// the statement, which runs unchanged on PGlite and PostgreSQL.
import { SUMMARISED } from './application-summaries.mjs';
import { tombstoneHash } from './tombstones.mjs';
import { summaryOfBody } from '../store/application-summary.mjs';

/**
 * The received bodies as the statement's `input` rows ($1, as JSON).
 * @param {ReadonlyArray<import('./applications-table.mjs').Received>} received
 * @param {import('./applications-table.mjs').StatusLinks | null} links
 * @param {number[]} references a number of the references' sequence per body (status-link-rows.mjs)
 */
export function statementInput(received, links, references) {
  return received.map((item, ord) => ({
    ...summaryOfBody(item.body), // the inbox's name, handle and search (application-summaries.mjs); `email` below
    ord,
    key: item.key,
    application_id: item.applicationId,
    fingerprint: item.fingerprint,
    client_revision: item.clientRevision,
    email: item.email,
    language: item.language,
    body: item.body,
    received_at: item.receivedAt.toISOString(),
    programme_digest: item.programmeDigest ?? null,
    id_hash: tombstoneHash(item.applicationId),
    key_hash: tombstoneHash(item.key),
    // The status link, used only if this body is its application's first stored (or the first since
    // links exist): a reference number unused by the others costs nothing (30^8 of them).
    link_hash: links && item.pageOrigin ? links.hashFor(item.applicationId) : null,
    reference_number: links && item.pageOrigin ? references[ord] : null,
    reference: links && item.pageOrigin ? links.reference(/** @type {number} */ (references[ord])) : null,
    page_origin: item.pageOrigin ?? null,
    // position: the creator's order (the body's), which a random upload id does not keep.
    files: (item.files ?? []).map((file, position) => ({
      upload_id: file.uploadId,
      field: file.field,
      name: file.name,
      type: file.type,
      size: file.size,
      sha256: file.sha256,
      width: file.width,
      height: file.height,
      position,
    })),
  }));
}

/**
 * $1 the input rows, $2 whether webhooks are on, $3 how long a delivery is retried (ms), $4
 * whether mail is on. Its rows: one per body's outcome, per application's latest numbered
 * revision, per refused upload and per status link (applications-table.mjs reads them).
 *
 * `stored`: each application's highest numbered revision. A body is stale when its number is at
 * most the highest of that and of the numbers before it in this statement (a stale one among
 * those is no higher than that highest, so it changes nothing); a body without a number never is.
 */
export const RECEIVE_STATEMENT = `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS item (ord integer, key text, application_id text, fingerprint text, client_revision integer, email text, language text, body jsonb, received_at timestamptz, programme_digest text,
                name text, handle text, search text, id_hash text, key_hash text, link_hash text, reference_number bigint, reference text, page_origin text, files jsonb)
     ), tombstoned AS (
       SELECT ord, key, application_id FROM input WHERE id_hash IN (SELECT hash FROM erased) OR key_hash IN (SELECT hash FROM erased)
     ), existing AS (
       SELECT idempotency_key, application_id, fingerprint, received_at FROM revisions WHERE idempotency_key IN (SELECT key FROM input)
     ), candidate AS (
       SELECT * FROM input WHERE key NOT IN (SELECT idempotency_key FROM existing) AND ord NOT IN (SELECT ord FROM tombstoned)
     ), named AS (
       SELECT candidate.ord, candidate.key, candidate.application_id, f->>'upload_id' AS upload_id
       FROM candidate CROSS JOIN LATERAL jsonb_array_elements(candidate.files) AS f
     ), claimed AS (
       SELECT named.ord, named.key, named.application_id, named.upload_id FROM named
       WHERE EXISTS (SELECT 1 FROM application_files b WHERE b.upload_id = named.upload_id AND b.application_id <> named.application_id)
          OR EXISTS (SELECT 1 FROM named earlier WHERE earlier.upload_id = named.upload_id AND earlier.application_id <> named.application_id AND earlier.ord < named.ord)
     ), fresh AS (
       SELECT * FROM candidate WHERE ord NOT IN (SELECT ord FROM claimed)
     ), stored AS (
       SELECT DISTINCT ON (application_id) application_id, client_revision, received_at FROM revisions
       WHERE application_id IN (SELECT application_id FROM fresh) AND client_revision IS NOT NULL
       ORDER BY application_id, client_revision DESC, seq DESC
     ), judged AS (
       SELECT fresh.*, coalesce(fresh.client_revision <= GREATEST(stored.client_revision, max(fresh.client_revision) OVER earlier), false) AS stale
       FROM fresh LEFT JOIN stored ON stored.application_id = fresh.application_id
       WINDOW earlier AS (PARTITION BY fresh.application_id ORDER BY fresh.ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
     ), accepted AS (
       SELECT * FROM judged WHERE NOT stale
     ), application AS (
       INSERT INTO applications (id, created_at, updated_at)
       SELECT application_id, min(received_at), max(received_at) FROM accepted GROUP BY application_id ORDER BY application_id
       ON CONFLICT (id) DO UPDATE SET updated_at = GREATEST(applications.updated_at, EXCLUDED.updated_at)
       RETURNING id, created_at, (xmax = 0) AS created
     ), inserted AS (
       INSERT INTO revisions (application_id, idempotency_key, fingerprint, client_revision, email, language, body, received_at, programme_digest)
       SELECT accepted.application_id, accepted.key, accepted.fingerprint, accepted.client_revision, accepted.email, accepted.language, accepted.body, accepted.received_at, accepted.programme_digest
       FROM accepted JOIN application ON application.id = accepted.application_id ORDER BY accepted.ord
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING seq, idempotency_key, application_id, fingerprint, received_at
     ), announced AS (
       INSERT INTO webhook_deliveries (id, revision_seq, application_id, type, created_at, give_up_at, next_attempt_at)
       SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), inserted.seq, inserted.application_id,
              CASE WHEN application.created AND accepted.ord = min(accepted.ord) OVER (PARTITION BY accepted.application_id)
                   THEN 'application.received' ELSE 'application.revised' END,
              inserted.received_at, inserted.received_at + $3::integer * interval '1 millisecond', inserted.received_at
       FROM inserted JOIN accepted ON accepted.key = inserted.idempotency_key JOIN application ON application.id = inserted.application_id
       WHERE $2::boolean
       ORDER BY accepted.ord
       RETURNING 1
     ), bound AS (
       INSERT INTO application_files (application_id, upload_id, field, name, type, size, sha256, width, height, position, bound_at)
       SELECT DISTINCT ON (f.upload_id) accepted.application_id, f.upload_id, f.field, f.name, f.type, f.size, f.sha256, f.width, f.height, f.position, accepted.received_at
       FROM accepted JOIN inserted ON inserted.idempotency_key = accepted.key
       CROSS JOIN LATERAL jsonb_to_recordset(accepted.files) AS f (upload_id text, field text, name text, type text, size bigint, sha256 text, width integer, height integer, position integer)
       ORDER BY f.upload_id, accepted.ord
       ON CONFLICT (upload_id) DO NOTHING
       RETURNING 1
     ), linked AS (
       -- Its status link: with the first revision, or with the first since links exist.
       INSERT INTO application_status_links (application_id, reference, reference_number, secret_hash, page_origin, created_at)
       SELECT DISTINCT ON (accepted.application_id) accepted.application_id, accepted.reference, accepted.reference_number, accepted.link_hash, accepted.page_origin, accepted.received_at
       FROM accepted JOIN inserted ON inserted.idempotency_key = accepted.key
       WHERE accepted.link_hash IS NOT NULL AND NOT EXISTS (SELECT 1 FROM application_status_links l WHERE l.application_id = accepted.application_id)
       ORDER BY accepted.application_id, accepted.ord
       ON CONFLICT (application_id) DO NOTHING
       RETURNING application_id, reference, page_origin, secret_hash
     ), first_status AS (
       -- 'received', dated at the application's first revision: once, whatever comes after.
       INSERT INTO application_statuses (application_id, status, changed_at, changed_by, mail_status, mail_next_attempt_at)
       SELECT DISTINCT ON (accepted.application_id) accepted.application_id, 'received', application.created_at, 'receiver',
              CASE WHEN $4::boolean THEN 'pending' ELSE 'none' END, CASE WHEN $4::boolean THEN accepted.received_at END
       FROM accepted JOIN inserted ON inserted.idempotency_key = accepted.key JOIN application ON application.id = accepted.application_id
       WHERE NOT EXISTS (SELECT 1 FROM application_statuses s WHERE s.application_id = accepted.application_id)
       ORDER BY accepted.application_id, accepted.ord
       RETURNING 1
     ), ${SUMMARISED}
     SELECT 'created' AS outcome, idempotency_key, application_id, fingerprint, received_at, NULL::integer AS client_revision FROM inserted
     UNION ALL SELECT 'existing', idempotency_key, application_id, fingerprint, received_at, NULL FROM existing
     UNION ALL SELECT 'stale', key, application_id, fingerprint, received_at, client_revision FROM judged WHERE stale
     UNION ALL SELECT 'latest', NULL, application_id, NULL, received_at, client_revision FROM stored
     UNION ALL SELECT 'erased', key, application_id, NULL, NULL, NULL FROM tombstoned
     UNION ALL SELECT 'claimed', key, application_id, upload_id, NULL, NULL FROM claimed
     UNION ALL SELECT 'link', reference, application_id, page_origin || ' ' || secret_hash, NULL, NULL FROM linked
     UNION ALL SELECT 'link', reference, application_id, page_origin || ' ' || secret_hash, NULL, NULL FROM application_status_links
       WHERE application_id IN (SELECT application_id FROM input UNION SELECT application_id FROM existing)`;
