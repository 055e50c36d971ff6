// What one connection may take and hold of the public server, so that clients trickling bytes over
// many connections cannot keep a creator from being answered: Node's timeouts set short (headers,
// the whole request, an idle kept-alive connection) and checked every fraction of them (Node checks
// every 30 s by default, which would let a 10 s limit run to 40 s); a cap on open connections per
// client address, closed at once when over it; and a cap on all of them (net.Server's
// maxConnections, which closes the extra ones before any byte is read). The per-address cap counts
// the socket's peer: behind a trusted proxy every creator comes from the proxy's address, so the
// proxy is not capped per address (it has its own limits). A request that times out or cannot be
// parsed is answered 408 or 400 with the same security headers as every answer.
import { isTrustedPeer, normalAddress } from './proxy-trust.mjs';
import { BARE_ANSWER_HEADERS } from '../security-headers.mjs';

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
    .map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${String(status)} ${text}\r\n${headers}\r\n`;
}

/**
 * @param {import('node:http').Server} server not yet listening
 * @param {{
 *   limits: import('./limit-settings.mjs').LimitSettings,
 *   trust: import('./proxy-trust.mjs').ProxyTrust,
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
  /** @type {{ connectionsCheckingInterval: number }} */ (/** @type {unknown} */ (server)).connectionsCheckingInterval = Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4)));
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
  server.on('drop', () => {
    count('connection over MAX_CONNECTIONS');
  });
  /** @type {Map<string, number>} */
  const perAddress = new Map();
  let open = 0;
  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    const address = normalAddress(socket.remoteAddress);
    const capped = limits.maxConnectionsPerAddress > 0 && address !== null && !isTrustedPeer(trust, address);
    if (capped) {
      const held = perAddress.get(address) ?? 0;
      if (held >= limits.maxConnectionsPerAddress) {
        // Closed at once: an answer would cost a parse per connection, and no browser opens this many.
        count('connection over MAX_CONNECTIONS_PER_ADDRESS');
        socket.destroy();
        return;
      }
      perAddress.set(address, held + 1);
    }
    open += 1;
    socket.once('close', () => {
      open -= 1;
      if (!capped) return;
      const held = (perAddress.get(address) ?? 1) - 1;
      if (held === 0) perAddress.delete(address);
      else perAddress.set(address, held);
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
