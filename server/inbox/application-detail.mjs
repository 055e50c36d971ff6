// GET /team/api/applications/<id>: an application as the team reads it. Each revision's answers
// are labelled as the programme in force when it was sent asked them (programme-in-force.mjs,
// src/config/programme-answers.ts), newest revision first; its files with their field's label and
// the URL that serves their bytes (application-file.mjs); its status history and the team's notes,
// oldest first. The upload ids are the capability to the files at the tus endpoint: they appear
// here only in URLs under /team/, which only a signed-in member is answered at.
import { iso } from '../applications/stored-applications.mjs';
import { filesOfApplications } from '../applications/application-files-table.mjs';
import { parseJson } from '../http/parse-json.mjs';
import { historyOf } from './application-history.mjs';

/**
 * @typedef {(config: unknown, language: string | null, body: unknown) => import('../../src/config/programme-answers.ts').ProgrammeAnswers} ReadAnswers
 */

/**
 * The notes of an application, oldest first.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} applicationId
 */
export async function notesOf(store, applicationId) {
  const { rows } = await store.query('SELECT seq, author, body, created_at FROM team_notes WHERE application_id = $1 ORDER BY seq', [applicationId]);
  return rows.map((row) => ({ seq: Number(row.seq), author: String(row.author), body: String(row.body), createdAt: iso(row.created_at) }));
}

/**
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} applicationId
 * @param {{ programmesOf: ReturnType<typeof import('./programme-in-force.mjs').createProgrammesInForce>, readAnswers: ReadAnswers }} reading
 */
export async function applicationDetail(store, applicationId, { programmesOf, readAnswers }) {
  const standing = await historyOf(store, applicationId);
  if (!standing) return null;
  const { rows: revisions } = await store.query(
    `SELECT r.seq, r.client_revision, r.received_at, r.language, r.body, r.programme_digest, a.created_at, a.updated_at, l.reference
     FROM revisions r JOIN applications a ON a.id = r.application_id LEFT JOIN application_status_links l ON l.application_id = a.id
     WHERE r.application_id = $1 ORDER BY r.seq DESC`,
    [applicationId],
  );
  const programmes = await programmesOf(
    revisions.map((row) => ({
      seq: Number(row.seq),
      digest: typeof row.programme_digest === 'string' ? row.programme_digest : null,
      receivedAt: iso(row.received_at),
    })),
  );
  const read = revisions.map((row) => {
    const programme = programmes.get(Number(row.seq));
    const language = typeof row.language === 'string' ? row.language : null;
    const body = typeof row.body === 'string' ? parseJson(row.body) : row.body;
    return { row, language, programme, answers: readAnswers(programme?.config, language, body) };
  });
  // The latest revision is the one with the highest client revision number, then the last received.
  const latest = [...read].sort(
    (a, b) => Number(b.row.client_revision ?? -1) - Number(a.row.client_revision ?? -1) || Number(b.row.seq) - Number(a.row.seq),
  )[0];
  const first = revisions[0];
  if (!latest || !first) return null;
  const files = (await filesOfApplications(store, [applicationId])).get(applicationId) ?? [];
  return {
    id: applicationId,
    reference: typeof first.reference === 'string' ? first.reference : null,
    language: latest.language,
    receivedAt: iso(first.created_at),
    updatedAt: iso(first.updated_at),
    status: standing.status,
    history: standing.history,
    programme: { title: latest.answers.title, digest: latest.programme?.digest ?? null },
    revisions: read.map(({ row, answers }) => ({
      seq: Number(row.seq),
      receivedAt: iso(row.received_at),
      clientRevision: row.client_revision === null ? null : Number(row.client_revision),
      answers: answers.answers,
    })),
    files: files.map((file) => ({
      uploadId: file.uploadId,
      field: file.field,
      label: latest.answers.fileLabels[file.field] ?? file.field,
      name: file.name,
      type: file.type,
      size: file.size,
      width: file.width,
      height: file.height,
      url: `/team/api/applications/${encodeURIComponent(applicationId)}/files/${file.uploadId}`,
    })),
    notes: await notesOf(store, applicationId),
  };
}
