// /team/api/session: POST { "token" } signs in with a link's token (201 { email, role } and the
// session cookie; 400 {"error":"link-not-valid"} for a token unknown, used or expired), GET says
// who is signed in (200 { email, role, oidc } or 401 { error: "signed-out", oidc }), DELETE signs
// out (204, the session ended on the server and the cookie cleared). Both changes check Origin;
// sign-ins, refused ones and sign-outs go into the audit log.
import { answer, answerBytes, refusal } from '../http/respond.mjs';
import { clearedSessionCookie, sessionCookie, sessionIds } from './session-cookie.mjs';
import { useSignInLink } from './sign-in-links.mjs';
import { refusedOrigin, signedIn } from './team-guard.mjs';
import { roleOf } from './team-members.mjs';
import { readJsonObject } from './team-request.mjs';
import { isSecret } from './team-secret.mjs';

/**
 * @typedef {{
 *   store: import('../store/store-types.mjs').Store,
 *   sessions: import('./team-sessions.mjs').Sessions,
 *   audit: import('./team-audit.mjs').Audit,
 *   now: () => Date, oidc: boolean,
 * }} SessionOptions oidc: whether single sign-on is offered (the page shows its button)
 */

/**
 * A session for a member, in the transaction that opens it and records it.
 * @param {Pick<SessionOptions, 'sessions' | 'audit'>} options
 * @param {import('../store/store-types.mjs').Queryable} tx
 * @param {string} email
 * @param {'link' | 'oidc'} method
 */
export async function openSession({ sessions, audit }, tx, email, method) {
  const role = await roleOf(tx, email);
  if (role === null) return null;
  const id = await sessions.open(tx, email);
  await audit({ actor: email, action: 'sign-in', detail: { method } }, tx);
  return { id, email, role };
}

/** @param {SessionOptions} options */
export function createSessionEndpoint({ store, sessions, audit, now, oidc }) {
  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function create(ctx) {
    if (refusedOrigin(ctx)) return;
    const { token } = await readJsonObject(ctx);
    const opened = isSecret(token)
      ? await store.transaction(async (tx) => {
          const email = await useSignInLink(tx, token, now());
          return email === null ? null : openSession({ sessions, audit }, tx, email, 'link');
        })
      : null;
    if (!opened) {
      await audit({ actor: 'unknown', action: 'sign-in-refused', detail: { reason: 'link-not-valid' } });
      throw refusal(400, 'link not valid', 'link-not-valid');
    }
    answer(ctx, 201, { email: opened.email, role: opened.role }, { 'Set-Cookie': sessionCookie(ctx, opened.id, sessions.cookieSeconds) });
  }

  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function read(ctx) {
    const member = await signedIn(sessions, ctx.req);
    if (member) answer(ctx, 200, { email: member.email, role: member.role, oidc });
    else {
      ctx.refusal = 'signed out';
      answer(ctx, 401, { error: 'signed-out', oidc });
    }
  }

  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function end(ctx) {
    if (refusedOrigin(ctx)) return;
    await store.transaction(async (tx) => {
      for (const id of sessionIds(ctx.req)) {
        const email = await sessions.end(tx, id);
        if (email !== null) await audit({ actor: email, action: 'sign-out' }, tx);
      }
    });
    ctx.headers['Set-Cookie'] = clearedSessionCookie(ctx);
    answerBytes(ctx, 204);
  }

  return { create, read, end };
}
