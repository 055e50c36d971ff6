// Single sign-on (openid-client, authorization code with PKCE S256, state and nonce):
//   GET /team/api/oidc/start → 302 to the provider, the verifier, state and nonce in a short
//     HttpOnly cookie for the callback alone (SameSite=Lax: the provider sends the browser back
//     from another site, a navigation a Strict cookie would not ride);
//   GET /team/api/oidc/callback → 302 /team/ with the session cookie when the provider's verified
//     e-mail is a member's, else 302 /team/?signin=refused (and a 'sign-in-refused' audit entry).
// The provider's metadata is discovered at the first sign-in, not at start: a provider down for a
// moment does not stop the receiver, and the next sign-in tries again.
import * as client from 'openid-client';
import { parseJson } from '../http/parse-json.mjs';
import { siteOf } from '../http/proxy-trust.mjs';
import { cookieHeader, cookieValues, overTls, sessionCookie } from './session-cookie.mjs';
import { openSession } from './session-endpoint.mjs';
import { memberEmail } from './team-email.mjs';

const FLOW_COOKIE = 'team_oidc';
const FLOW_PATH = '/team/api/oidc/';
/** Long enough to sign in at the provider, typing a password and a second factor. */
const FLOW_SECONDS = 600;

/**
 * @typedef {{ verifier: string, state: string, nonce: string }} Flow
 */

/**
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {string} location
 * @param {string[]} cookies
 */
function redirect(ctx, location, cookies) {
  ctx.res.writeHead(302, { ...ctx.headers, Location: location, 'Cache-Control': 'no-store', 'Set-Cookie': cookies, 'Content-Length': '0' }).end();
}

/**
 * The flow the start cookie carries, or null.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Flow | null}
 */
function flowOf(req) {
  const [value] = cookieValues(req, FLOW_COOKIE);
  if (!value || value.length > 1024) return null;
  try {
    const flow = parseJson(Buffer.from(value, 'base64url').toString('utf8'));
    if (typeof flow !== 'object' || flow === null) return null;
    const { verifier, state, nonce } = /** @type {Record<string, unknown>} */ (flow);
    return typeof verifier === 'string' && typeof state === 'string' && typeof nonce === 'string' ? { verifier, state, nonce } : null;
  } catch {
    return null;
  }
}

/**
 * @param {{
 *   settings: import('./oidc-settings.mjs').OidcSettings,
 *   store: import('../store/store-types.mjs').Store,
 *   sessions: import('./team-sessions.mjs').Sessions,
 *   audit: import('./team-audit.mjs').Audit,
 *   publicOrigin: string | null, log: (line: string) => void,
 * }} options
 */
export function createOidcEndpoint({ settings, store, sessions, audit, publicOrigin, log }) {
  /** @type {Promise<client.Configuration> | null} */
  let discovered = null;
  // Plain http only to a provider on this machine (oidc-settings.mjs refuses any other), for trying it.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out, as it does here
  const insecure = settings.issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
  const configuration = () => {
    discovered ??= client.discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, insecure).catch((/** @type {unknown} */ error) => {
      discovered = null;
      throw error;
    });
    return discovered;
  };

  /**
   * Where the provider sends the browser back: on PUBLIC_ORIGIN, else on the site the request was sent to.
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   */
  function callbackUrl(ctx) {
    const scheme = overTls(ctx) ? 'https:' : 'http:';
    const site = publicOrigin ?? siteOf(ctx.req, ctx.trust).origins.find((origin) => origin.startsWith(scheme)) ?? '';
    return `${site}${FLOW_PATH}callback`;
  }

  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  const cleared = (ctx) => cookieHeader(ctx, FLOW_COOKIE, '', 0, FLOW_PATH).replace('SameSite=Strict', 'SameSite=Lax');

  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function start(ctx) {
    /** @type {client.Configuration} */
    let config;
    try {
      config = await configuration();
    } catch (error) {
      log(`team: the OpenID Connect provider could not be reached (${error instanceof Error ? error.message : String(error)})`);
      ctx.refusal = 'provider unreachable';
      redirect(ctx, '/team/?signin=refused', []);
      return;
    }
    const flow = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(ctx),
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    const cookie = cookieHeader(ctx, FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), FLOW_SECONDS, FLOW_PATH).replace(
      'SameSite=Strict',
      'SameSite=Lax',
    );
    redirect(ctx, url.href, [cookie]);
  }

  /**
   * The provider's verified e-mail for the callback's code, or null.
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @param {Flow} flow
   */
  async function verifiedEmail(ctx, flow) {
    const config = await configuration();
    const query = new URL(ctx.req.url ?? '/', 'http://localhost').search;
    const tokens = await client.authorizationCodeGrant(config, new URL(`${callbackUrl(ctx)}${query}`), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return null;
    // Many providers give the e-mail at the userinfo endpoint only, not in the ID token.
    const said = typeof claims.email === 'string' ? claims : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    return said.email_verified === true && typeof said.email === 'string' ? memberEmail(said.email) : null;
  }

  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function callback(ctx) {
    const flow = flowOf(ctx.req);
    /** @type {string | null} */
    let email = null;
    try {
      email = flow ? await verifiedEmail(ctx, flow) : null;
    } catch (error) {
      // The provider's or the browser's fault (a denied consent, a replayed code, a state not ours): refused, and said why.
      log(`team: a single sign-on was refused (${error instanceof Error ? error.message : String(error)})`);
    }
    const opened = email === null ? null : await store.transaction((tx) => openSession({ sessions, audit }, tx, email, 'oidc'));
    if (!opened) {
      await audit({ actor: 'unknown', action: 'sign-in-refused', detail: { reason: email === null ? 'provider-refused' : 'not-a-member', method: 'oidc' } });
      ctx.refusal = 'single sign-on refused';
      redirect(ctx, '/team/?signin=refused', [cleared(ctx)]);
      return;
    }
    redirect(ctx, '/team/', [cleared(ctx), sessionCookie(ctx, opened.id, sessions.cookieSeconds)]);
  }

  return { start, callback };
}
