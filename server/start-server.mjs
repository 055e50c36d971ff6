// Starts the whole system `npm start` runs: the built app from dist/, the receiver at the
// programme's requestUrl, and its store (embedded PGlite in DATA_DIR, or PostgreSQL at
// DATABASE_URL). The tests start it the same way, in their own process or in a child.
//
// This file is wiring only, of the process's own parts: proxy trust, the data folder's lock, the
// store, the rate limits, the public and admin servers. The feature rooms are made and joined in
// compose-rooms.mjs. Every resource taken, here or there, is given back by one teardown, newest
// first, on a failed start as on close().
import { resolve } from 'node:path';
import { startAdminServer } from './admin-server.mjs';
import { createAppServer } from './app-server.mjs';
import { composeRooms } from './compose-rooms.mjs';
import { parseOrigins } from './http/cors.mjs';
import { closeServer, listen } from './http/listen.mjs';
import { proxyTrust } from './http/proxy-trust.mjs';
import { trustProxyWarning, warnOfUntrustedProxy } from './http/proxy-trust-warnings.mjs';
import { transportSecurityHeaders } from './http/security-headers.mjs';
import { limitConnections } from './limits/connection-limits.mjs';
import { createDiskFloor } from './limits/disk-floor.mjs';
import { DEFAULT_LIMITS } from './limits/limit-settings.mjs';
import { createRateLimits } from './limits/rate-limits.mjs';
import { createMetrics } from './log/metrics.mjs';
import { createTeardown } from './process/teardown.mjs';
import { refusalBeforeStart } from './programme/programme-file.mjs';
import { acquireLock } from './store/data-dir-lock.mjs';
import { openStore } from './store/open-store.mjs';
import { repairDataFolder } from './store/private-files.mjs';
import { wizardRules } from './wizard-rules.mjs';

/**
 * @param {import('./start-options.mjs').StartOptions} options what each is: start-options.mjs; those
 *   only the rooms read (settings) are theirs to default (compose-rooms.mjs)
 */
export async function startServer({
  root,
  host = '127.0.0.1',
  port = 4173,
  dataDir = 'data',
  databaseUrl,
  corsOrigins,
  receiverRules,
  draftId,
  log = () => undefined,
  logRequest,
  trustProxy,
  publicOrigin,
  limits = DEFAULT_LIMITS,
  freeBytes,
  adminPort = 0,
  ...settings
}) {
  const trust = proxyTrust({ trustProxy, publicOrigin });
  const trustWarning = trustProxyWarning(trust, host, trustProxy);
  if (trustWarning) log(trustWarning);
  const noticeForwarded = warnOfUntrustedProxy(trust, log);
  const allowedOrigins = parseOrigins(corsOrigins);
  const folder = resolve(dataDir);
  const { rulesFor, draftIdPattern } = await wizardRules({ receiverRules, draftId });
  const refusal = await refusalBeforeStart({ root, rulesFor, dataDir: databaseUrl ? null : folder });
  if (refusal) throw refusal;
  const teardown = createTeardown();
  try {
    const lock = databaseUrl ? null : await acquireLock(folder);
    if (lock) teardown.add(() => lock.release());
    // Files an older receiver or a wide folder left open to others (store/private-files.mjs).
    const repaired = lock ? await repairDataFolder(folder) : null;
    if (repaired) log(repaired);
    const store = await openStore({ databaseUrl, dataDir });
    teardown.add(() => store.close());
    const rateLimits = await createRateLimits({ windows: limits.rateWindows, databaseUrl, log });
    teardown.add(() => rateLimits.close());
    // PostgreSQL's disk is its server's: a write it cannot make is the store's 503 instead.
    const diskFloor = databaseUrl ? null : createDiskFloor({ dir: folder, floorBytes: limits.diskFloorBytes, freeBytes, log });
    const parts = {
      root,
      store,
      log,
      limits,
      databaseUrl,
      folder,
      freeBytes,
      rulesFor,
      draftIdPattern,
      fromSource: receiverRules !== undefined,
      allowedOrigins,
      trust,
      rateLimits,
      diskFloor,
    };
    const rooms = await composeRooms(settings, parts, teardown);
    const metrics = createMetrics();
    const server = createAppServer({
      root,
      rewrite: rooms.programme.rewrite,
      servedConfig: rooms.programme.servedConfig,
      logRequest(entry) {
        if (rooms.isProbe(entry.path)) return;
        metrics.countRequest(entry);
        logRequest?.(entry);
      },
      // Behind a proxy: which site the request was sent to (the Origin check) and over what (HSTS).
      trust,
      api: async (ctx) => {
        noticeForwarded(ctx.req);
        for (const [name, value] of Object.entries(transportSecurityHeaders(ctx.req, ctx.trust))) ctx.res.setHeader(name, value);
        return rooms.answer(ctx);
      },
    });
    const connections = limitConnections(server, { limits, trust, count: metrics.countConnection });
    const url = await listen(server, port, host);
    teardown.add(() => closeServer(server));
    const door = lock ? { token: lock.token, routes: rooms.adminRoutes } : null;
    const admin = await startAdminServer({ port: adminPort, door, metrics, openConnections: connections.open, diskFloor });
    teardown.add(() => closeServer(admin.server));
    if (lock) await lock.publish({ url, adminUrl: admin.url });
    await rooms.startOutboxes();
    const { started } = rooms.programme;
    return {
      url,
      path: rooms.programme.path,
      store,
      /** The admin endpoints' base URL (loopback only), null on PostgreSQL, where the CLI connects directly. */
      adminUrl: lock ? admin.url : null,
      /** GET it for the counts of answers and refusals, in Prometheus's text format (loopback only). */
      metricsUrl: `${admin.url}/metrics`,
      draftsPath: rooms.drafts.prefix,
      /** Where the status page looks an application up (GET, Authorization: Bearer <secret>). */
      statusPath: rooms.status.path,
      uploadsPath: rooms.uploads.prefix,
      uploadsFolder: rooms.uploads.folder,
      sweepUploads: rooms.uploads.sweep,
      /** The programme whose rules the receiver applied at start: its title and config.json's digest. */
      programme: { title: started.title, digest: started.digest, requestUrl: started.rules.requestUrl },
      /** The origins besides the page's own that may send applications (CORS_ORIGINS). */
      allowedOrigins: [...allowedOrigins],
      /** Where challenges are answered (`{ "required": false }` there while proof of work is off). */
      challengePath: rooms.proofs.path,
      /** What TRUST_PROXY and PUBLIC_ORIGIN make of the requests, for the start-up log. */
      proxy: trust.description,
      /** Wakes the mail outbox: a status row was written outside a PUT (the CLI's decisions go through the admin door). */
      nudgeMail: rooms.mail.nudge,
      close: () => teardown.close(),
    };
  } catch (error) {
    await teardown.close();
    throw error;
  }
}
