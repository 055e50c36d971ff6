// The team room, as the start composes it: members and their roles (team-members.mjs), sign-in
// links by e-mail (sign-in-endpoint.mjs), sessions in the store (team-sessions.mjs) and their
// cookie, the guard every team endpoint asks (team-guard.mjs), the audit log (team-audit.mjs), the
// admin endpoints the CLI goes through (team-admin.mjs), and the sweep of ended sessions and links.
//   answer(ctx): the team's own endpoints under /team/api/ (false for any other path);
//   notFound(ctx): 404 JSON for what no endpoint under /team/api/ took, last in the chain;
//   authorize, audit: for the inbox's endpoints; admin: the admin door's routes; close().
import { pathnameOf } from '../http/request-context.mjs';
import { answered, refusal, refuse } from '../http/respond.mjs';
import { createRateLimits } from '../limits/rate-limits.mjs';
import { startPeriodicJob } from '../process/periodic-job.mjs';
import { createMembersEndpoint, memberInPath } from './members-endpoint.mjs';
import { describeOidc } from './oidc-settings.mjs';
import { createSessionEndpoint } from './session-endpoint.mjs';
import { createSignInEndpoint } from './sign-in-endpoint.mjs';
import { teamAdmin } from './team-admin.mjs';
import { createAudit } from './team-audit.mjs';
import { createGuard } from './team-guard.mjs';
import { methodRefused } from './team-request.mjs';
import { createSessions } from './team-sessions.mjs';
import { DEFAULT_TEAM_SESSIONS } from './team-settings.mjs';

const PREFIX = '/team/api/';
/** Ended sessions and links are deleted this often (they are refused from the moment they end). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * @typedef {import('../limits/limit-settings.mjs').RateWindow} RateWindow
 * @typedef {{ perClient: RateWindow[], perAddress: RateWindow[] }} SignInWindows
 */

/** Requests for a link: a person asks a few times at most; a script asking for many is slowed to a crawl. */
export const DEFAULT_SIGN_IN_WINDOWS = Object.freeze({
  perClient: [
    { points: 10, durationSeconds: 60 },
    { points: 50, durationSeconds: 3600 },
  ],
  perAddress: [
    { points: 3, durationSeconds: 900 },
    { points: 10, durationSeconds: 86_400 },
  ],
});

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store, log: (line: string) => void,
 *   mail: import('../mail/mail-settings.mjs').MailSettings | null,
 *   trust: import('../http/proxy-trust.mjs').ProxyTrust, publicOrigin?: string | null,
 *   now?: () => Date, databaseUrl?: string | undefined,
 *   sessions?: import('./team-settings.mjs').TeamSessionSettings,
 *   signInWindows?: SignInWindows, signInFloorMs?: number,
 *   oidc?: import('./oidc-settings.mjs').OidcSettings | null,
 * }} options mail: SMTP_URL's settings, null when off (no sign-in by link); publicOrigin:
 *   PUBLIC_ORIGIN (else the trust's); now: the clock (tests move it); databaseUrl: the rate
 *   counters are shared in PostgreSQL; sessions: TEAM_SESSION_IDLE_MINUTES and _MAX_HOURS;
 *   oidc: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (oidc-settings.mjs), null when off
 */
export async function createTeamFeature({
  store,
  log,
  mail,
  trust,
  publicOrigin = trust.publicOrigin,
  now = () => new Date(),
  databaseUrl,
  sessions: sessionSettings = DEFAULT_TEAM_SESSIONS,
  signInWindows = DEFAULT_SIGN_IN_WINDOWS,
  signInFloorMs,
  oidc = null,
}) {
  const audit = createAudit(store, now);
  const sessions = createSessions({ store, settings: sessionSettings, now });
  const authorize = createGuard(sessions);
  const perClient = await createRateLimits({ windows: signInWindows.perClient, databaseUrl, log, name: 'team_sign_in' });
  const perAddress = await createRateLimits({ windows: signInWindows.perAddress, databaseUrl, log, name: 'team_sign_in_address' });
  // The SMTP and OpenID Connect libraries are loaded only where configured: a receiver without
  // them keeps their memory (server/start/receiver-memory's budget).
  const mailer = mail ? (await import('./sign-in-mail.mjs')).createSignInMailer(mail) : null;
  const signIn = createSignInEndpoint({ store, audit, mailer, perClient, perAddress, now, log, floorMs: signInFloorMs });
  const session = createSessionEndpoint({ store, sessions, audit, now, oidc: oidc !== null });
  const singleSignOn = oidc ? (await import('./oidc-endpoint.mjs')).createOidcEndpoint({ settings: oidc, store, sessions, audit, publicOrigin, log }) : null;
  const members = createMembersEndpoint({ store, audit, now });
  const sweep = startPeriodicJob(
    () =>
      sessions.sweep().catch((/** @type {unknown} */ error) => {
        log(`team: ended sessions could not be swept (${error instanceof Error ? error.message : String(error)}); tried again later`);
      }),
    SWEEP_EVERY_MS,
  );
  log(
    mail
      ? `Team: sign-in links mailed through SMTP_URL; sessions end after ${String(sessionSettings.idleMinutes)} min unused or ${String(sessionSettings.maxHours)} h after sign-in (TEAM_SESSION_IDLE_MINUTES, TEAM_SESSION_MAX_HOURS)`
      : `Team: sign-in by e-mail link is off, SMTP_URL is not set (POST /team/api/sign-in answers 503 mail-off)${oidc ? '; members sign in through single sign-on only' : '; set SMTP_URL, MAIL_FROM and PUBLIC_ORIGIN to let the team sign in'}`,
  );
  log(describeOidc(oidc));

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @param {string} route the path after /team/api/
   */
  async function route(ctx, route) {
    const method = ctx.req.method ?? 'GET';
    if (route === 'sign-in') {
      if (method !== 'POST') throw methodRefused('POST');
      return signIn.signIn(ctx, publicOrigin);
    }
    if (route === 'session') {
      if (method === 'GET') return session.read(ctx);
      if (method === 'POST') return session.create(ctx);
      if (method === 'DELETE') return session.end(ctx);
      throw methodRefused('GET, POST, DELETE');
    }
    if (route === 'members' || route === 'audit') {
      if (method !== 'GET' && (route === 'audit' || method !== 'POST')) throw methodRefused(route === 'audit' ? 'GET' : 'GET, POST');
      const admin = await authorize(ctx, { role: 'admin', changes: method !== 'GET' });
      if (!admin) return undefined;
      if (route === 'audit') return members.audit(ctx);
      return method === 'GET' ? members.list(ctx) : members.add(ctx, admin.email);
    }
    if (route === 'oidc/start' || route === 'oidc/callback') {
      if (!singleSignOn) throw refusal(404, 'single sign-on off', 'not-found');
      if (method !== 'GET') throw methodRefused('GET');
      return route === 'oidc/start' ? singleSignOn.start(ctx) : singleSignOn.callback(ctx);
    }
    // An address in the path is no one's business in the log.
    ctx.logPath = `${PREFIX}members/…`;
    if (method !== 'PATCH' && method !== 'DELETE') throw methodRefused('PATCH, DELETE');
    const admin = await authorize(ctx, { role: 'admin', changes: true });
    if (!admin) return undefined;
    const email = memberInPath(route.slice('members/'.length));
    return method === 'PATCH' ? members.change(ctx, admin.email, email) : members.remove(ctx, admin.email, email);
  }

  return {
    /** @param {import('../http/request-context.mjs').RequestContext} ctx */
    async answer(ctx) {
      const path = pathnameOf(ctx);
      if (!path.startsWith(PREFIX)) return false;
      const asked = path.slice(PREFIX.length);
      if (!['sign-in', 'session', 'members', 'audit', 'oidc/start', 'oidc/callback'].includes(asked) && !/^members\/[^/]+$/.test(asked)) return false;
      return answered(ctx, (each) => route(each, asked).then(() => undefined));
    },
    /** @param {import('../http/request-context.mjs').RequestContext} ctx */
    notFound(ctx) {
      if (!pathnameOf(ctx).startsWith(PREFIX)) return false;
      refuse(ctx, 404, 'no such team endpoint', { error: 'not-found' });
      return true;
    },
    authorize,
    audit,
    admin: teamAdmin({ store, audit, now }),
    async close() {
      await sweep.stop();
      await signIn.settled();
      mailer?.close();
      await perClient.close();
      await perAddress.close();
    },
  };
}
