// Version 10: the team's inbox (server/inbox/) lists, filters, counts and searches every
// application, newest first, and must stay fast at 100,000 of them on the embedded store. Read
// from the tables as they are, each page would join every application's latest revision and latest
// status, and each search would parse every latest body. So each application has one small row,
// `application_summaries`, kept in the transaction that changes what it sums up: the statement
// that stores a revision (server/applications/application-summaries.mjs) and a decision
// (server/status/decide.mjs). It holds the first receipt (the inbox's order), the latest body's
// language, name, e-mail, handles and search text (application-summary.mjs), and the latest
// status. Erased with its application (the foreign key); backed up and restored like any table.
// The index on (received_at, application_id) gives the newest first and each next page by the
// cursor; those on status and language a status's or a language's pages alone. Counts and
// searches read the table whole: 100,000 narrow rows, measured by tests/benchmark/bench-inbox.mjs.
import { parseJson } from '../../http/parse-json.mjs';
import { summaryOfBody } from '../application-summary.mjs';

/** @type {import('../schema.mjs').Migration} */
export default {
  version: 10,
  sql: `
    CREATE TABLE application_summaries (
      application_id text PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
      received_at timestamptz NOT NULL,
      language text,
      status text NOT NULL DEFAULT 'received',
      latest_revision integer,
      name text NOT NULL DEFAULT '',
      email text,
      handle text NOT NULL DEFAULT '',
      search text NOT NULL DEFAULT ''
    );
    CREATE INDEX application_summaries_newest ON application_summaries (received_at, application_id);
    CREATE INDEX application_summaries_status ON application_summaries (status, received_at, application_id);
    CREATE INDEX application_summaries_language ON application_summaries (language, received_at, application_id)
  `,
  run: summariseStored,
};

/**
 * A summary for each application stored before, from its latest revision and latest status, a
 * thousand applications at a time.
 * @param {import('../store-types.mjs').Queryable} tx
 */
async function summariseStored(tx) {
  for (let after = ''; ;) {
    const { rows } = await tx.query(
      `SELECT a.id, a.created_at, r.language, r.client_revision, r.body, coalesce(s.status, 'received') AS status
       FROM (SELECT id, created_at FROM applications WHERE id > $1 ORDER BY id LIMIT 1000) a
       CROSS JOIN LATERAL (SELECT language, client_revision, body FROM revisions WHERE application_id = a.id ORDER BY client_revision DESC NULLS LAST, seq DESC LIMIT 1) r
       LEFT JOIN LATERAL (SELECT status FROM application_statuses WHERE application_id = a.id ORDER BY seq DESC LIMIT 1) s ON true
       ORDER BY a.id`,
      [after],
    );
    if (rows.length === 0) return;
    const summaries = rows.map((row) => {
      const body = typeof row.body === 'string' ? parseJson(row.body) : row.body;
      return {
        application_id: row.id,
        received_at: row.created_at,
        language: row.language,
        status: row.status,
        latest_revision: row.client_revision,
        ...summaryOfBody(body),
      };
    });
    await tx.query(
      `INSERT INTO application_summaries (application_id, received_at, language, status, latest_revision, name, email, handle, search)
       SELECT application_id, received_at, language, status, latest_revision, name, email, handle, search
       FROM jsonb_to_recordset($1::jsonb) AS s (application_id text, received_at timestamptz, language text, status text, latest_revision integer, name text, email text, handle text, search text)`,
      [JSON.stringify(summaries)],
    );
    after = String(rows[rows.length - 1]?.id);
  }
}
