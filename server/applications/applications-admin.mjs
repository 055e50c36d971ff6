// The applications' admin endpoints, behind the admin door (http/admin-door.mjs):
// GET /admin/applications[?since=ISO date][&revisions=1] streams the latest revision of each
// application (or every revision) as JSON lines; POST /admin/erase { "email": … } deletes that
// creator's applications; GET /admin/files?application=ID lists the files bound to one application
// (`files`, which reads the bytes itself).
import { readSmallJson } from '../http/admin-door.mjs';
import { answer, refusal } from '../http/respond.mjs';
import { allRevisions, latestApplications } from './stored-applications.mjs';
import { eraseByEmail } from './erasure.mjs';
import { filesOfApplications } from './application-files-table.mjs';

/**
 * @param {{ store: import('../store/store-types.mjs').Store, uploadsFolder?: string | null }} options
 *   uploadsFolder: where the applications' files are (erased with them)
 * @returns {import('../http/admin-door.mjs').AdminRoute}
 */
export function applicationsAdmin({ store, uploadsFolder = null }) {
  return async (ctx, url) => {
    const { req, res } = ctx;
    if (url.pathname === '/admin/applications' && req.method === 'GET') {
      const sinceText = url.searchParams.get('since');
      const since = sinceText ? new Date(sinceText) : null;
      if (since && Number.isNaN(since.getTime())) throw refusal(400, 'bad since', 'since must be a date');
      const applications = url.searchParams.get('revisions') === '1' ? await allRevisions(store, { since }) : await latestApplications(store, { since });
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
      for (const application of applications) res.write(`${JSON.stringify(application)}\n`);
      res.end();
      return true;
    }
    if (url.pathname === '/admin/files' && req.method === 'GET') {
      const applicationId = url.searchParams.get('application') ?? '';
      answer(ctx, 200, (await filesOfApplications(store, [applicationId])).get(applicationId) ?? []);
      return true;
    }
    if (url.pathname === '/admin/erase' && req.method === 'POST') {
      const { email } = await readSmallJson(ctx, 'Send { "email": "…" }.');
      if (typeof email !== 'string' || email.trim() === '') throw refusal(400, 'bad admin request', 'Send { "email": "…" }.');
      answer(ctx, 200, await eraseByEmail(store, email, { uploadsFolder }));
      return true;
    }
    return false;
  };
}
