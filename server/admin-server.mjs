// The loopback admin server: the counts and gauges at /metrics (log/metrics.mjs) and, on the
// embedded store, the admin endpoints behind their door (http/admin-door.mjs) that
// `npm run -s applications` asks while this process holds the database. It listens on the loopback
// interface whatever HOST is: a receiver listening on one public address must still answer them,
// and no request that came through a proxy or from another machine can reach them.
import { createServer } from 'node:http';
import { createAdminDoor } from './http/admin-door.mjs';
import { listen } from './http/listen.mjs';

/**
 * @param {ReturnType<typeof createAdminDoor> | null} admin null on PostgreSQL, where only /metrics is here
 * @param {() => Promise<string>} metrics the exposition (log/metrics.mjs)
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function answerAdmin(admin, metrics, req, res) {
  try {
    // Counts only, nothing personal, on the loopback interface: a local Prometheus needs no token.
    // A request with an Origin came from a page in a browser: not a scraper.
    if (req.url === '/metrics' && req.method === 'GET' && req.headers.origin === undefined) {
      const text = await metrics();
      res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' }).end(text);
      return;
    }
    if (!admin || !(await admin(req, res))) res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  } catch {
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Internal error');
  }
}

/**
 * The text GET /metrics answers: the counts of answers and refusals, and the receiver's gauges read
 * as it is asked.
 * @param {{
 *   metrics: import('./log/metrics.mjs').Metrics, openConnections: () => number,
 *   diskFloor: { freeBytes: () => Promise<number | null> } | null,
 * }} sources diskFloor: the embedded store's, null on PostgreSQL
 */
async function exposition({ metrics, openConnections, diskFloor }) {
  return metrics.exposition({
    receiver_open_connections: { help: 'Connections open on the public port.', value: openConnections() },
    receiver_disk_free_bytes: {
      help: 'Free space in DATA_DIR, read at most once a second (embedded store).',
      value: (await diskFloor?.freeBytes()) ?? null,
    },
    process_resident_memory_bytes: { help: 'Resident memory of the receiver process.', value: process.memoryUsage.rss() },
  });
}

/**
 * @param {{
 *   port: number,
 *   door: { token: string, routes: import('./http/admin-door.mjs').AdminRoute[] } | null,
 *   metrics: import('./log/metrics.mjs').Metrics, openConnections: () => number,
 *   diskFloor: { freeBytes: () => Promise<number | null> } | null,
 * }} options door: the admin endpoints and the token they ask for, null on PostgreSQL;
 *   metrics: what the public server counted; openConnections: its connections open now (connection-limits.mjs)
 */
export async function startAdminServer({ port, door, ...sources }) {
  const admin = door ? createAdminDoor(door) : null;
  const server = createServer((req, res) => void answerAdmin(admin, () => exposition(sources), req, res));
  const url = await listen(server, port, '127.0.0.1');
  return { server, url };
}
