// The inbox room, as the start composes it: the team's reading of the applications and what a
// reviewer changes, under /team/api/ (the contract: docs/team-contract in the team's issue):
//   GET  /team/api/applications                       the list (inbox-list.mjs)          viewer
//   GET  /team/api/applications/<id>                  one application (application-detail.mjs) viewer, audit 'view'
//   GET  /team/api/applications/<id>/files/<uploadId> a file's bytes (application-file.mjs) viewer
//   POST /team/api/applications/<id>/notes            a note (inbox-changes.mjs)          reviewer, audit 'note'
//   POST /team/api/applications/<id>/decision         a decision (inbox-changes.mjs)      reviewer, audit 'decision'
//   GET  /team/api/export                             the filtered list as CSV (inbox-export.mjs) reviewer, audit 'export'
// Who asks is the team room's to say (`authorize`: the session, the role, the Origin of a change),
// asked before anything is read; what is done is written to its audit log (`audit`).
import { pathnameOf } from '../http/request-context.mjs';
import { answer, answered, refusal } from '../http/respond.mjs';
import { applicationDetail } from './application-detail.mjs';
import { sendApplicationFile } from './application-file.mjs';
import { addNote, makeDecision } from './inbox-changes.mjs';
import { sendExport } from './inbox-export.mjs';
import { inboxFilters } from './inbox-filters.mjs';
import { inboxList } from './inbox-list.mjs';
import { createProgrammesInForce } from './programme-in-force.mjs';

/**
 * @typedef {'viewer' | 'reviewer' | 'admin'} Role
 * @typedef {(ctx: import('../http/request-context.mjs').RequestContext, need: { role: Role, changes: boolean }) => Promise<{ email: string, role: Role } | null>} Authorize
 *   the team's guard: the member, or null once it has answered the refusal (401, 403)
 * @typedef {(entry: { actor: string, action: 'view' | 'decision' | 'note' | 'export', applicationId?: string | null, detail?: Record<string, unknown> }, tx?: import('../store/store-types.mjs').Queryable) => Promise<void>} Audit
 */

/** A member's view of an application is logged once in this long (the contract's "once per 10 minutes"). */
const VIEW_AUDIT_MS = 10 * 60 * 1000;
const ID = /^[\x21-\x7e]{1,255}$/;

/** @param {string} segment */
function decoded(segment) {
  try {
    const id = decodeURIComponent(segment);
    return ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store, authorize: Authorize, audit: Audit,
 *   programmes: import('./programme-in-force.mjs').ProgrammeSource, uploadsFolder: string | null,
 *   mail: unknown, webhooks: { giveUpAfterMs: number } | null, log?: (line: string) => void,
 *   readAnswers: import('./application-detail.mjs').ReadAnswers, onDecided?: () => void, now?: () => Date,
 * }} options mail: the receiver's mail settings (or whether mail is on): a decision's e-mail is
 *   written to its outbox when set; readAnswers: src/config/programme-answers.ts (server/wizard-rules.mjs
 *   loads it); onDecided: told after a decision (wakes the mail and webhooks outboxes)
 */
export function createInboxFeature({
  store,
  authorize,
  audit,
  programmes,
  uploadsFolder,
  mail,
  webhooks,
  log = () => undefined,
  readAnswers,
  onDecided = () => undefined,
  now = () => new Date(),
}) {
  const programmesOf = createProgrammesInForce({ store, programmes });
  /** @type {Map<string, number>} when each member last had each application's view logged */
  const viewsLogged = new Map();

  /**
   * @param {string} email
   * @param {string} applicationId
   */
  async function auditView(email, applicationId) {
    const key = `${email}\n${applicationId}`;
    const at = now().getTime();
    if (at - (viewsLogged.get(key) ?? -Infinity) < VIEW_AUDIT_MS) return;
    if (viewsLogged.size > 10_000) viewsLogged.clear();
    viewsLogged.set(key, at);
    await audit({ actor: email, action: 'view', applicationId });
  }

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @param {string[]} allowed
   */
  function requireMethod(ctx, allowed) {
    const method = ctx.req.method ?? '';
    if (!allowed.includes(method) && !(method === 'HEAD' && allowed.includes('GET')))
      throw refusal(405, 'method not allowed', 'method-not-allowed', { Allow: allowed.join(', ') });
  }

  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function route(ctx) {
    const url = new URL(ctx.req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === '/team/api/applications') {
      requireMethod(ctx, ['GET']);
      if (!(await authorize(ctx, { role: 'viewer', changes: false }))) return;
      answer(ctx, 200, await inboxList(store, inboxFilters(url.searchParams, { paged: true })));
      return;
    }
    if (path === '/team/api/export') {
      requireMethod(ctx, ['GET']);
      const member = await authorize(ctx, { role: 'reviewer', changes: false });
      if (!member) return;
      const filters = inboxFilters(url.searchParams, { paged: false });
      // What was exported, not what was searched for: a search may hold a creator's name.
      await sendExport(ctx, store, filters, (count) =>
        audit({
          actor: member.email,
          action: 'export',
          detail: {
            count,
            status: filters.status,
            language: filters.language,
            from: filters.from?.toISOString() ?? null,
            to: filters.until?.toISOString() ?? null,
            searched: filters.q !== null,
          },
        }),
      );
      return;
    }
    const [idSegment, part, uploadSegment, ...rest] = path.slice('/team/api/applications/'.length).split('/');
    const applicationId = decoded(idSegment ?? '');
    if (applicationId === null || rest.length > 0) throw refusal(404, 'no such route', 'not-found');
    if (part === undefined) {
      requireMethod(ctx, ['GET']);
      const member = await authorize(ctx, { role: 'viewer', changes: false });
      if (!member) return;
      const detail = await applicationDetail(store, applicationId, { programmesOf, readAnswers });
      if (!detail) throw refusal(404, 'no such application', 'not-found');
      await auditView(member.email, applicationId);
      answer(ctx, 200, detail);
      return;
    }
    if (part === 'files' && uploadSegment !== undefined) {
      // An upload's id owns the upload: the log names the folder, as the receiver's own path does.
      ctx.logPath = `/team/api/applications/${encodeURIComponent(applicationId)}/files/(id)`;
      requireMethod(ctx, ['GET']);
      if (!(await authorize(ctx, { role: 'viewer', changes: false }))) return;
      await sendApplicationFile(ctx, { store, uploadsFolder, applicationId, uploadId: uploadSegment });
      return;
    }
    if ((part === 'notes' || part === 'decision') && uploadSegment === undefined) {
      requireMethod(ctx, ['POST']);
      const member = await authorize(ctx, { role: 'reviewer', changes: true });
      if (!member) return;
      if (part === 'notes') {
        answer(ctx, 201, await addNote(ctx, { store, audit, applicationId, author: member.email, now: now() }));
        return;
      }
      const standing = await makeDecision(ctx, { store, audit, applicationId, by: member.email, now: now(), mail: Boolean(mail), webhooks });
      onDecided();
      log(`decision on application ${applicationId}`);
      answer(ctx, 200, standing);
      return;
    }
    throw refusal(404, 'no such route', 'not-found');
  }

  return {
    /**
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     * @returns {Promise<boolean>}
     */
    async answer(ctx) {
      const path = pathnameOf(ctx);
      if (path !== '/team/api/applications' && path !== '/team/api/export' && !path.startsWith('/team/api/applications/')) return false;
      return answered(ctx, route);
    },
  };
}
