// What one connection may take and hold of the public server, so that clients trickling bytes over
// many connections cannot keep a creator from being answered: Node's timeouts set short (headers,
// the whole request, an idle kept-alive connection) and checked every fraction of them (Node checks
// every 30 s by default, which would let a 10 s limit run to 40 s); connections that stop taking
// their answers closed after STALL_TIMEOUT_MS (stalled-connections.mjs); a cap on open connections
// per client, counted as the rate limit counts (an IPv6 client by its /64, so rotating addresses
// inside one block gains nothing), closed at once when over it; and a cap on all of them that a few
// clients cannot fill: when it is reached, a newcomer holding fewer connections than the greediest
// client takes the place of that client's oldest connection, so whoever holds the most gives way
// first, and only as many clients as the cap's connections (each with one) could lock others out.
// The per-client cap counts the socket's peer: behind a proxy every creator comes from the proxy's
// address, so a proxy trusted by its address (TRUST_PROXY=127.0.0.1,…), or with a hop count one on
// this machine (loopback), is not capped per address (it has its own limits); with a hop count,
// any other peer is, since it may be any client. A request that times out or cannot be parsed is
// answered 408 or 400 with the same security headers as every answer.
import { isIP } from 'node:net';
import { isTrustedPeer, normalAddress } from '../http/proxy-trust.mjs';
import { rateLimitKey } from './rate-limits.mjs';
import { closeStalledConnections } from './stalled-connections.mjs';
import { BARE_ANSWER_HEADERS } from '../http/security-headers.mjs';

/** @type {Record<string, [number, string]>} Node's error codes for a request it could not take, and the answer. */
const CLIENT_ERROR_ANSWERS = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

/**
 * A whole answer written straight to the socket, for a request Node gave up on before any handler ran.
 * @param {number} status
 * @param {string} text
 */
function rawAnswer(status, text) {
  const headers = Object.entries({ ...BARE_ANSWER_HEADERS, Connection: 'close', 'Content-Length': '0', 'Cache-Control': 'no-store' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${String(status)} ${text}\r\n${headers}\r\n`;
}

/**
 * Whether a peer speaks for many clients and so is not capped per address: a proxy named by its
 * address, or with a hop count (which trusts any peer) only one on this machine.
 * @param {import('../http/proxy-trust.mjs').ProxyTrust} trust
 * @param {string} address normalised
 */
export function isExemptFromAddressCap(trust, address) {
  if (trust.proxies) return isTrustedPeer(trust, address);
  if (trust.hops > 0) return isLoopback(address);
  return false;
}

/** @param {string} address normalised */
export function isLoopback(address) {
  return isIP(address) === 4 ? address.startsWith('127.') : address === '::1';
}

/**
 * The key a connection counts under: as the rate limit's, an IPv6 client by its /64.
 * @param {string} address normalised
 */
export function connectionKey(address) {
  return rateLimitKey(address);
}

/**
 * @param {import('node:http').Server} server not yet listening
 * @param {{
 *   limits: import('./limit-settings.mjs').LimitSettings,
 *   trust: import('../http/proxy-trust.mjs').ProxyTrust,
 *   count?: (event: string) => void,
 * }} options count: told of each connection closed by a cap or request given up (metrics)
 * @returns {{ open: () => number }}
 */
export function limitConnections(server, { limits, trust, count = () => undefined }) {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // createServer's option, read again when the server starts listening (Node's types lack the
  // property): how often the timeouts above are checked.
  /** @type {{ connectionsCheckingInterval: number }} */ (/** @type {unknown} */ (server)).connectionsCheckingInterval = Math.max(
    50,
    Math.min(1000, Math.floor(limits.headersTimeoutMs / 4)),
  );
  closeStalledConnections(server, { stallTimeoutMs: limits.stallTimeoutMs, count });
  /** @type {Map<string, Set<import('node:net').Socket>>} each client's open connections, oldest first */
  const byClient = new Map();
  let open = 0;

  /** @type {Set<string>} the proxies' keys: they speak for many creators, so they never give way */
  const proxies = new Set();

  /** The client holding the most connections, a proxy aside. */
  const greediest = () => {
    /** @type {Set<import('node:net').Socket> | null} */
    let most = null;
    for (const [key, held] of byClient) if (!proxies.has(key) && (!most || held.size > most.size)) most = held;
    return most;
  };

  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    const address = normalAddress(socket.remoteAddress);
    if (address === null) {
      socket.destroy();
      return;
    }
    const key = connectionKey(address);
    const held = byClient.get(key);
    const holds = held?.size ?? 0;
    const exempt = isExemptFromAddressCap(trust, address);
    if (limits.maxConnectionsPerAddress > 0 && holds >= limits.maxConnectionsPerAddress && !exempt) {
      // Closed at once: an answer would cost a parse per connection, and no browser opens this many.
      count('connection over MAX_CONNECTIONS_PER_ADDRESS');
      socket.destroy();
      return;
    }
    if (limits.maxConnections > 0 && open >= limits.maxConnections) {
      const most = greediest();
      if (!most || most.size <= holds + 1) {
        // Every client holds as few as this one would: nobody is taking more than a fair share.
        count('connection over MAX_CONNECTIONS');
        socket.destroy();
        return;
      }
      const [oldest] = most;
      if (oldest) {
        // Released at once, not when its close event comes: the newcomer takes its place now.
        most.delete(oldest);
        open -= 1;
        count('connection given up for a client holding fewer');
        oldest.destroy();
      }
    }
    const mine = held ?? new Set();
    mine.add(socket);
    byClient.set(key, mine);
    if (exempt) proxies.add(key);
    open += 1;
    socket.once('close', () => {
      if (mine.delete(socket)) open -= 1;
      if (mine.size === 0 && byClient.get(key) === mine) {
        byClient.delete(key);
        proxies.delete(key);
      }
    });
  });
  server.on('clientError', (/** @type {NodeJS.ErrnoException} */ error, /** @type {import('node:net').Socket} */ socket) => {
    const [status, text] = CLIENT_ERROR_ANSWERS[error.code ?? ''] ?? [400, 'Bad Request'];
    count(status === 408 ? 'request timeout' : status === 431 ? 'headers too large' : 'malformed request');
    // As Node does by default: answer only when nothing of another answer was written yet.
    const inFlight = /** @type {{ _httpMessage?: { headersSent?: boolean } | null }} */ (/** @type {unknown} */ (socket))._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) socket.write(rawAnswer(status, text));
    socket.destroy();
  });
  return { open: () => open };
}
