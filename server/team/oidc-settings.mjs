// Single sign-on through an OpenID Connect provider, from the environment: OIDC_ISSUER (the
// provider's issuer URL, https; http only on this machine, for trying it), OIDC_CLIENT_ID and
// OIDC_CLIENT_SECRET (the client registered there, whose redirect URI is
// <site>/team/api/oidc/callback). All three or none: a half-set provider refuses to start,
// saying which is missing, rather than offering a button that cannot work.

/** @typedef {{ issuer: URL, clientId: string, clientSecret: string }} OidcSettings */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * @param {Record<string, string | undefined>} env
 * @returns {OidcSettings | null}
 */
export function oidcSettings(env) {
  const issuer = env.OIDC_ISSUER?.trim() || '';
  const clientId = env.OIDC_CLIENT_ID?.trim() || '';
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim() || '';
  if (!issuer && !clientId && !clientSecret) return null;
  const missing = [
    ['OIDC_ISSUER', issuer],
    ['OIDC_CLIENT_ID', clientId],
    ['OIDC_CLIENT_SECRET', clientSecret],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0)
    throw new Error(`Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; ${missing.join(' and ')} not set (docs/team.md)`);
  let url;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER must be the provider's issuer URL, such as https://login.example.com/realms/team, not "${issuer}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    throw new Error(`OIDC_ISSUER must be https:// (http:// only on this machine), not ${url.protocol}//`);
  if (url.username || url.password || url.search || url.hash) throw new Error('OIDC_ISSUER must be the issuer URL alone, without a user, query or fragment');
  return { issuer: url, clientId, clientSecret };
}

/**
 * The start-up line: the issuer and client, never the secret.
 * @param {OidcSettings | null} settings
 */
export function describeOidc(settings) {
  return settings
    ? `Team single sign-on: through ${settings.issuer.href} as client ${settings.clientId} (members matched by their verified e-mail)`
    : 'Team single sign-on: off (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET turn it on)';
}
