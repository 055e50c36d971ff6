// POST /team/api/sign-in { "email" }: asks for a sign-in link. Whoever asks gets the same answer,
// 202 {"sent":true}, after the same time (SIGN_IN_FLOOR_MS from the request's start), and only then
// does the work begin: a member's link is made and mailed, a stranger's request is noted in the
// audit log without the address. Nothing in the answer or its timing tells a member from a
// stranger. Refused: another site's Origin (403), mail off (503 {"error":"mail-off"}), a malformed
// address (400 {"error":"invalid-email"}), too many requests from the client or for the address
// (429 with Retry-After; an address is counted by its hash, so the counters hold none).
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { clientAddress } from '../http/proxy-trust.mjs';
import { answer, refusal } from '../http/respond.mjs';
import { mailErrorText } from '../mail/mail-error.mjs';
import { createSignInLink } from './sign-in-links.mjs';
import { memberEmail } from './team-email.mjs';
import { refusedOrigin } from './team-guard.mjs';
import { roleOf } from './team-members.mjs';
import { readJsonObject } from './team-request.mjs';

/** The least time a request for a link takes, whoever asks: longer than any check before the answer. */
export const SIGN_IN_FLOOR_MS = 400;

/**
 * @typedef {{
 *   store: import('../store/store-types.mjs').Store,
 *   audit: import('./team-audit.mjs').Audit,
 *   mailer: import('./sign-in-mail.mjs').SignInMailer | null,
 *   perClient: import('../limits/rate-limits.mjs').RateLimits,
 *   perAddress: import('../limits/rate-limits.mjs').RateLimits,
 *   now: () => Date, log: (line: string) => void, floorMs?: number,
 * }} SignInOptions mailer: null when mail is off
 */

/** @param {number} seconds */
function tooMany(seconds) {
  return refusal(429, 'sign-in rate limited', 'too-many-requests', { 'Retry-After': String(seconds) });
}

/** @param {SignInOptions} options */
export function createSignInEndpoint({ store, audit, mailer, perClient, perAddress, now, log, floorMs = SIGN_IN_FLOOR_MS }) {
  /** @type {Set<Promise<void>>} */
  const working = new Set();

  /**
   * The work after the answer: a link for a member, a note for anyone else.
   * @param {string} email
   * @param {string} site
   */
  async function deliver(email, site) {
    try {
      if ((await roleOf(store, email)) === null) {
        await audit({ actor: 'unknown', action: 'sign-in-refused', detail: { reason: 'not-a-member' } });
        return;
      }
      const token = await createSignInLink(store, email, now());
      await mailer?.send(email, { link: `${site}/team/sign-in#${token}`, site });
    } catch (error) {
      log(`team: a sign-in link could not be made or mailed (${mailErrorText(error)})`);
    }
  }

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @param {string | null} publicOrigin
   */
  async function signIn(ctx, publicOrigin) {
    const started = performance.now();
    if (refusedOrigin(ctx)) return;
    if (!mailer) throw refusal(503, 'mail off', 'mail-off');
    const asked = await readJsonObject(ctx);
    const email = memberEmail(asked.email);
    if (email === null) throw refusal(400, 'not an address', 'invalid-email');
    const client = await perClient.check(clientAddress(ctx.req, ctx.trust));
    if (client) throw tooMany(client.retryAfterSeconds);
    const address = await perAddress.check(createHash('sha256').update(`team-sign-in\n${email}`).digest('hex'));
    if (address) throw tooMany(address.retryAfterSeconds);
    // The site the link leads to: PUBLIC_ORIGIN, else the Origin just checked to be the site's own.
    const site = publicOrigin ?? String(ctx.req.headers.origin);
    await sleep(Math.max(0, floorMs - (performance.now() - started)));
    answer(ctx, 202, { sent: true });
    const work = deliver(email, site);
    working.add(work);
    void work.finally(() => working.delete(work));
  }

  return {
    signIn,
    /** Waits for the links being mailed (at close). */
    async settled() {
      await Promise.allSettled([...working]);
    },
  };
}
