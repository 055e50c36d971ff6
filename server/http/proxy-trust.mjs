// Who sent a request and to which site, when the server stands behind a reverse proxy (nginx with
// TLS: docs/deploying.md, "Behind nginx, with TLS"). Two settings, both off by default:
//
// - TRUST_PROXY: a hop count (`1`: whatever connects is the proxy) or a comma-separated list of the
//   proxies' addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8`). Only when the connection comes from
//   a trusted proxy are its headers read: X-Forwarded-For/-Host/-Proto when it sent any of them,
//   else Forwarded (RFC 7239: for=, host=, proto=). The client is the right-most address of the
//   chain that is not a trusted proxy, so addresses a client wrote in front of its own are ignored.
// - PUBLIC_ORIGIN: the site's origin outright (`https://apply.example.com`), whatever Host says.
//
// From them: the origins a request may come from as the site's own page (the receiver's Origin
// check, cors.mjs), whether the site is https (Strict-Transport-Security, security-headers.mjs),
// and the client's address (clientAddress, for a rate limiter; never written to the log).
// Pure functions of the request's socket address and headers and the settings, which the server
// hands every handler in the request's context (http/request-context.mjs).
import { BlockList, isIP } from 'node:net';

/**
 * @typedef {{
 *   hops: number,
 *   proxies: BlockList | null,
 *   publicOrigin: string | null,
 *   description: string,
 * }} ProxyTrust hops: the number of proxies trusted by position (0: none); proxies: trusted by
 *   address instead; publicOrigin: PUBLIC_ORIGIN as an origin; description: for the start-up log
 */

/** @type {ProxyTrust} */
export const NO_PROXY_TRUST = Object.freeze({ hops: 0, proxies: null, publicOrigin: null, description: 'no proxy trusted: the site is what Host names' });

/**
 * An address as written in a header or by the socket: brackets and a port removed, IPv4-mapped
 * IPv6 as plain IPv4. Null when it is not an IP address (`unknown`, `_hidden`, a name).
 * @param {string | undefined} text
 * @returns {string | null}
 */
export function normalAddress(text) {
  let value = (text ?? '').trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1] ?? '';
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1] ?? '';
  if (isIP(value) === 0) return null;
  return value.toLowerCase();
}

/**
 * @param {string | undefined} trustProxy TRUST_PROXY
 * @returns {{ hops: number, proxies: BlockList | null, description: string }}
 */
function parseTrustProxy(trustProxy) {
  const text = (trustProxy ?? '').trim();
  if (text === '') return { hops: 0, proxies: null, description: 'no proxy trusted' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error(`TRUST_PROXY is a number of proxies in front of the server (usually 1), not ${text}`);
    return {
      hops,
      proxies: null,
      description:
        hops === 0 ? 'no proxy trusted' : `trusting the ${hops === 1 ? 'proxy' : `${String(hops)} proxies`} nearest the server (TRUST_PROXY=${text})`,
    };
  }
  const proxies = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const ip = normalAddress(address);
    const family = ip && isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    const bits = prefix === undefined ? null : Number(prefix);
    if (!ip || rest.length > 0 || (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || (bits ?? 0) > (family === 'ipv6' ? 128 : 32)))) {
      throw new Error(
        `TRUST_PROXY must be a number of proxies (1) or a comma-separated list of their addresses and CIDR ranges (127.0.0.1,10.0.0.0/8); "${entry}" is neither`,
      );
    }
    if (bits === null) proxies.addAddress(ip, family);
    else proxies.addSubnet(ip, bits, family);
  }
  return { hops: 0, proxies, description: `trusting proxies at ${text}` };
}

/**
 * @param {string | undefined} publicOrigin PUBLIC_ORIGIN
 * @returns {string | null}
 */
function parsePublicOrigin(publicOrigin) {
  const text = (publicOrigin ?? '').trim();
  if (text === '') return null;
  let url;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== '/' && url.pathname !== '') ||
    !/^https?:\/\/[^/]+\/?$/i.test(text)
  ) {
    throw new Error(`PUBLIC_ORIGIN must be the site's origin, such as https://apply.example.com (a scheme, a host and maybe a port, no path), not "${text}"`);
  }
  return url.origin;
}

/**
 * The settings from TRUST_PROXY and PUBLIC_ORIGIN; throws, saying why, on a value it cannot read.
 * @param {{ trustProxy?: string | undefined, publicOrigin?: string | undefined }} settings
 * @returns {ProxyTrust}
 */
export function proxyTrust({ trustProxy, publicOrigin }) {
  const proxies = parseTrustProxy(trustProxy);
  const origin = parsePublicOrigin(publicOrigin);
  if (proxies.hops === 0 && proxies.proxies === null && origin === null) return NO_PROXY_TRUST;
  return Object.freeze({
    hops: proxies.hops,
    proxies: proxies.proxies,
    publicOrigin: origin,
    description: `${proxies.description}; ${origin ? `the site is ${origin} (PUBLIC_ORIGIN)` : proxies.proxies || proxies.hops > 0 ? "the site is what the proxy's headers name" : 'the site is what Host names'}`,
  });
}

/**
 * @param {ProxyTrust} trust
 * @param {string} address
 * @param {number} index 0 for the socket's peer, 1 for the address it forwarded for, and so on
 */
function isTrustedProxy(trust, address, index) {
  if (trust.proxies) return trust.proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  return index < trust.hops;
}

/**
 * Whether a socket's peer is a trusted proxy (every peer, with a hop count): such a peer speaks for
 * many clients (connection-limits.mjs decides which of them the cap per address spares).
 * @param {ProxyTrust} trust
 * @param {string} address normalised
 */
export function isTrustedPeer(trust, address) {
  return isTrustedProxy(trust, address, 0);
}

/**
 * The comma-separated values of a header, all its lines together, in order.
 * @param {string | string[] | undefined} header
 */
function listOf(header) {
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return lines
    .flatMap((line) => line.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/**
 * RFC 7239 Forwarded: one element per proxy, each `name=value` pairs separated by `;`, values a
 * token or a quoted string.
 * @param {string | string[] | undefined} header
 * @returns {Array<Record<string, string>>}
 */
export function parseForwarded(header) {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  /** @type {Array<Record<string, string>>} */
  const elements = [];
  /** @type {Record<string, string>} */
  let element = {};
  const pair = /\s*([A-Za-z][\w.-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;,\s"]*))\s*([;,]|$)/y;
  let at = 0;
  while (at < text.length) {
    pair.lastIndex = at;
    const match = pair.exec(text);
    if (!match) {
      // A malformed header says nothing: believing part of it could mean believing the client.
      return [];
    }
    element[(match[1] ?? '').toLowerCase()] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
    if (match[4] !== ';') {
      elements.push(element);
      element = {};
    }
    at = pair.lastIndex;
    if (match[4] === '') break;
  }
  if (Object.keys(element).length > 0) elements.push(element);
  return elements;
}

/**
 * What the trusted proxies say of a request: the chain of addresses (the socket's peer first, then
 * each forwarded-for address from the right), the client's position in it, and the host and
 * protocol the client asked for. Nothing when the peer is not a trusted proxy.
 * @param {import('node:http').IncomingMessage} req
 * @param {ProxyTrust} trust
 * @returns {{ client: string | null, host: string | null, proto: string | null } | null}
 */
function forwardedBy(req, trust) {
  const peer = normalAddress(req.socket.remoteAddress);
  if (!peer || !isTrustedProxy(trust, peer, 0)) return null;
  const headers = req.headers;
  const xForwarded = headers['x-forwarded-for'] !== undefined || headers['x-forwarded-host'] !== undefined || headers['x-forwarded-proto'] !== undefined;
  /** @type {Array<{ for: string | undefined, host: string | undefined, proto: string | undefined }>} nearest first */
  const hops = xForwarded
    ? listOf(headers['x-forwarded-for'])
        .reverse()
        .map((address, index) => ({
          for: address,
          // A proxy sets (or overwrites) one X-Forwarded-Host and -Proto: the right-most is the nearest proxy's.
          host: index === 0 ? listOf(headers['x-forwarded-host']).at(-1) : undefined,
          proto: index === 0 ? listOf(headers['x-forwarded-proto']).at(-1) : undefined,
        }))
    : parseForwarded(headers.forwarded)
        .reverse()
        .map((element) => ({ for: element.for, host: element.host, proto: element.proto }));
  if (xForwarded && hops.length === 0) {
    // X-Forwarded-Host or -Proto without -For: the peer is the nearest proxy and the client unknown.
    hops.push({ for: undefined, host: listOf(headers['x-forwarded-host']).at(-1), proto: listOf(headers['x-forwarded-proto']).at(-1) });
  }
  // Walk from the nearest proxy outwards while each address is a trusted proxy; the first that is
  // not is the client, and the hop that names it (written by the outermost trusted proxy, the one
  // the client connected to) says which host and protocol the client used.
  let client = peer;
  /** @type {{ host: string | undefined, proto: string | undefined } | undefined} */
  let outermost;
  for (const [index, hop] of hops.entries()) {
    outermost = hop;
    const address = normalAddress(hop.for);
    // An address a trusted proxy could not give (`unknown`, obfuscated, malformed): the client is
    // the last one known, the proxy that forwarded it.
    if (!address) break;
    client = address;
    if (!isTrustedProxy(trust, address, index + 1)) break;
  }
  if (xForwarded) outermost = hops[0];
  const proto = outermost?.proto?.toLowerCase();
  return {
    client,
    host: outermost?.host && isHost(outermost.host) ? outermost.host : null,
    proto: proto === 'https' || proto === 'http' ? proto : null,
  };
}

/**
 * A Host header's value: a name, IPv4 or bracketed IPv6 address, and maybe a port.
 * @param {string} value
 */
function isHost(value) {
  return /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::\d{1,5})?$/.test(value);
}

/**
 * @param {string} scheme
 * @param {string} host
 * @returns {string | null}
 */
function originOf(scheme, host) {
  if (!isHost(host)) return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The address of the client that sent the request: the socket's peer, or, when that is a trusted
 * proxy, the right-most forwarded address that is not one. Normalised (no port, no brackets,
 * IPv4-mapped IPv6 as IPv4), so a rate limiter can key on it. Personal data: not for the log.
 * @param {import('node:http').IncomingMessage} req
 * @param {ProxyTrust} [trust] the server's settings (the request's context carries them), else none
 * @returns {string | null} null only for a socket without an address (closed)
 */
export function clientAddress(req, trust = NO_PROXY_TRUST) {
  return forwardedBy(req, trust)?.client ?? normalAddress(req.socket.remoteAddress);
}

/**
 * The site the request was sent to, as its own page's Origin header would name it: PUBLIC_ORIGIN;
 * else the scheme and host the trusted proxy says the client used (Host when it names no host;
 * both schemes when it names none); else Host, as http or https.
 * @param {import('node:http').IncomingMessage} req
 * @param {ProxyTrust} [trust]
 * @returns {{ origins: string[], https: boolean }} https: the site is known to be https (HSTS)
 */
export function siteOf(req, trust = NO_PROXY_TRUST) {
  if (trust.publicOrigin) return { origins: [trust.publicOrigin], https: trust.publicOrigin.startsWith('https:') };
  const forwarded = forwardedBy(req, trust);
  const host = forwarded?.host ?? req.headers.host ?? '';
  const schemes = forwarded?.proto ? [forwarded.proto] : ['http', 'https'];
  const origins = schemes.map((scheme) => originOf(scheme, host)).filter((origin) => origin !== null);
  return { origins, https: forwarded?.proto === 'https' };
}
