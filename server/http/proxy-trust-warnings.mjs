// The two ways proxy trust is set wrong by accident, each said once in the log with the setting
// that fixes it (docs/deploying.md, "Behind nginx, with TLS"):
//
// - Trust in any hop on a listener other machines reach: TRUST_PROXY=1 (or a range holding the
//   whole internet) believes whatever connects, so on HOST=0.0.0.0, :: or a public address any
//   client names its own address in X-Forwarded-For or Forwarded, a new one for each request,
//   and leaves its rate-limit share behind. The server still starts (a container listens on
//   0.0.0.0 behind the proxy in front of it, which only the proxy can reach), with a WARNING at
//   start naming the risk and the setting to use instead: the proxy's own address or range.
// - A proxy not trusted: requests from a peer on this machine carry X-Forwarded-For or Forwarded,
//   so a proxy forwards them, but TRUST_PROXY is unset, so every creator counts as the proxy's one
//   address and all of them share one rate-limit share (PUBLIC_ORIGIN, often set behind a proxy,
//   does not change that). Seen only once requests arrive: one WARNING, the first time.
import { isIP } from 'node:net';
import { normalAddress } from './proxy-trust.mjs';

/**
 * Whether HOST is an address only this machine reaches.
 * @param {string} host
 */
export function isLoopbackHost(host) {
  const value = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (value === 'localhost' || value === '::1') return true;
  return isIP(value) === 4 && value.startsWith('127.');
}

/**
 * Whether the trust reaches any peer at all: a hop count, or ranges that hold the internet's
 * addresses at both ends of each family (0.0.0.0/0, ::/0 and the like).
 * @param {import('./proxy-trust.mjs').ProxyTrust} trust
 */
export function trustsAnyPeer(trust) {
  if (trust.hops > 0) return true;
  const proxies = trust.proxies;
  if (!proxies) return false;
  const v4 = proxies.check('1.0.0.1', 'ipv4') && proxies.check('223.255.255.1', 'ipv4');
  const v6 = proxies.check('2001:4860::1', 'ipv6') && proxies.check('2c0f:fb50::1', 'ipv6');
  return v4 || v6;
}

/**
 * The start-up WARNING for trust in any hop on a listener other machines reach, or null.
 * @param {import('./proxy-trust.mjs').ProxyTrust} trust
 * @param {string} host HOST
 * @param {string | undefined} trustProxy TRUST_PROXY as set
 * @returns {string | null}
 */
export function trustProxyWarning(trust, host, trustProxy) {
  if (!trustsAnyPeer(trust) || isLoopbackHost(host)) return null;
  return (
    `WARNING: TRUST_PROXY=${(trustProxy ?? '').trim()} trusts whatever connects as a proxy, and this server listens on ${host} (HOST), which other machines can reach: ` +
    'any client there can name its own address in X-Forwarded-For or Forwarded, a new one for each request, and so escape its rate limit. ' +
    "Set TRUST_PROXY to the proxy's own address or range instead (TRUST_PROXY=10.0.0.5 or TRUST_PROXY=172.16.0.0/12), or listen on HOST=127.0.0.1 with the proxy on this machine"
  );
}

/**
 * Watches requests for a proxy that is not trusted, and logs the WARNING the first time one comes.
 * @param {import('./proxy-trust.mjs').ProxyTrust} trust
 * @param {(line: string) => void} log
 * @returns {(req: import('node:http').IncomingMessage) => void} to call with each request
 */
export function warnOfUntrustedProxy(trust, log) {
  let warned = trust.hops > 0 || trust.proxies !== null;
  return (req) => {
    if (warned) return;
    if (req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined) return;
    const peer = normalAddress(req.socket.remoteAddress);
    if (peer === null || !isLoopbackHost(peer)) return;
    warned = true;
    log(
      `WARNING: requests arrive through a proxy on this machine (they carry X-Forwarded-For or Forwarded from ${peer}), but TRUST_PROXY is not set${trust.publicOrigin ? ' (PUBLIC_ORIGIN is, which names the site but not the clients)' : ''}: ` +
        "every creator counts as the proxy's one address, so all of them share one rate-limit share and, at busy times, are answered 429 together. " +
        `Set TRUST_PROXY=${peer} (the proxy's address) so that each creator is counted by their own`,
    );
  };
}
