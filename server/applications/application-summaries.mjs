// The inbox's row of each application (application_summaries, migration 10:
// server/store/migrations/0010-application-summaries.mjs), written by the statement that stores its
// revisions (applications-table.mjs), so it is never behind them: made with the first revision
// (status `received`, the receipt's time), then given each later body's language, name, e-mail,
// handles and search text, if that body is the latest (the highest client revision number, then the
// last received: a body without a number never replaces one with). Its status is decide.mjs's.

/**
 * The statement's part that writes the summaries, a common table expression after `accepted`
 * (the bodies stored, with their summary's `name`, `handle` and `search`), `inserted` and
 * `application` (their applications, with `created_at`).
 */
export const SUMMARISED = `summarised AS (
       INSERT INTO application_summaries (application_id, received_at, language, latest_revision, name, email, handle, search)
       SELECT DISTINCT ON (accepted.application_id) accepted.application_id, application.created_at, accepted.language, accepted.client_revision,
              accepted.name, accepted.email, accepted.handle, accepted.search
       FROM accepted JOIN inserted ON inserted.idempotency_key = accepted.key JOIN application ON application.id = accepted.application_id
       ORDER BY accepted.application_id, accepted.client_revision DESC NULLS LAST, accepted.ord DESC
       ON CONFLICT (application_id) DO UPDATE
         SET (language, latest_revision, name, email, handle, search) = (EXCLUDED.language, EXCLUDED.latest_revision, EXCLUDED.name, EXCLUDED.email, EXCLUDED.handle, EXCLUDED.search)
         WHERE EXCLUDED.latest_revision IS NOT NULL OR application_summaries.latest_revision IS NULL
       RETURNING 1
     )`;
