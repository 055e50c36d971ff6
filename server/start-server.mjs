// Starts the whole system `npm start` runs: the built app from dist/, the receiver at the
// programme's requestUrl, and its store (embedded PGlite in DATA_DIR, or PostgreSQL at
// DATABASE_URL). The tests start it the same way, in their own process or in a child.
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createAdmin } from './cli/admin.mjs';
import { createAdmission } from './limits/admission.mjs';
import { createServer } from 'node:http';
import { createAppServer } from './app-server.mjs';
import { parseOrigins } from './http/cors.mjs';
import { limitConnections } from './limits/connection-limits.mjs';
import { acquireLock } from './store/data-dir-lock.mjs';
import { repairDataFolder } from './store/private-files.mjs';
import { createDiskFloor } from './limits/disk-floor.mjs';
import { DEFAULT_DRAFT_SECONDS, createDrafts, draftsPrefix, startDraftSweep } from './drafts/drafts-in-transit.mjs';
import { createDraftsBudget } from './drafts/drafts-budget.mjs';
import { DEFAULT_LIMITS } from './limits/limit-settings.mjs';
import { createHealth } from './health.mjs';
import { createMetrics } from './metrics.mjs';
import { createProgrammePages } from './programme/programme-pages.mjs';
import { createProgrammeSource, refusalBeforeStart } from './programme/programme-source.mjs';
import { createReceiverMoves } from './programme/receiver-moves.mjs';
import { createProofOfWork } from './limits/proof-of-work.mjs';
import { createReceiver } from './receiver.mjs';
import { createFileChecks } from './uploads/application-files.mjs';
import { currentProgrammeNames } from './log/refused-answers-reason.mjs';
import { proxyTrust } from './limits/proxy-trust.mjs';
import { trustProxyWarning, warnOfUntrustedProxy } from './limits/proxy-trust-warnings.mjs';
import { createRateLimits } from './limits/rate-limits.mjs';
import { pathnameOf } from './http/request-context.mjs';
import { transportSecurityHeaders } from './security-headers.mjs';
import { openStore } from './store/open-store.mjs';
import { startRetention } from './store/retention-schedule.mjs';
import { createWebhookDeliverer } from './webhooks/webhook-deliverer.mjs';
import { uploadsWhenAsked } from './uploads/uploads-when-asked.mjs';
import { uploadBinding } from './uploads/upload-binding.mjs';
import { filesUnkeptHere, uploadsFolderIfAsked } from './uploads/uploads-folder.mjs';
import { uploadsReadiness } from './uploads/uploads-readiness.mjs';
import { uploadsPrefix } from './uploads/uploads-prefix.mjs';

export const DEFAULT_RECEIVER_PATH = '/api/applications';

/**
 * An export of a module the server build made of the wizard's code (vite.server.config.ts):
 * Node runs no TypeScript, so src/ reaches the server through server/build/, one copy of each rule.
 * @param {string} file
 * @param {string} name
 * @returns {Promise<unknown>}
 */
async function fromBuild(file, name) {
  try {
    // A URL, not a literal: the bundle is a build output, not a source the type checker should read.
    const bundle = new URL(`./build/${file}`, import.meta.url).href;
    /** @type {unknown} */
    const module = await import(bundle);
    return /** @type {Record<string, unknown>} */ (module)[name];
  } catch (error) {
    throw new Error(`server/build/${file} is missing: run \`npm run build\` first (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
}

/**
 * The wizard's rules (`receiverRules`), from the bundle `npm run build` makes. Whether
 * root/config.json is a valid programme is the programme source's to say (programme-source.mjs):
 * on an invalid one it starts on the last valid programme the store recorded, or refuses.
 * @param {((config: unknown) => import('../src/config/receiver-rules.ts').ReceiverRules) | undefined} receiverRules
 */
async function loadRulesFor(receiverRules) {
  return receiverRules ?? /** @type {NonNullable<typeof receiverRules>} */ (await fromBuild('receiver-rules.mjs', 'receiverRules'));
}

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 */
function listen(server, port, host) {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolveListen(undefined);
    });
  });
}

/** @param {import('node:http').Server} server */
function listeningPort(server) {
  return /** @type {import('node:net').AddressInfo} */ (server.address()).port;
}

/**
 * The public server has no admin endpoints: /admin/… is not found there (not even the page).
 * @param {import('./http/request-context.mjs').RequestContext} ctx
 */
function answerAdminNotHere(ctx) {
  if (!pathnameOf(ctx).startsWith('/admin/')) return false;
  ctx.refusal = 'admin endpoints are on the loopback admin port only';
  ctx.res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  return true;
}

/**
 * @param {ReturnType<typeof createAdmin> | null} admin null on PostgreSQL, where only /metrics is here
 * @param {() => Promise<string>} metrics the exposition (metrics.mjs)
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
 * The programme's file fields (ReceiverRules.fileFields); none from a build whose rules predate them.
 * @param {object} rules
 * @returns {import('./uploads/accepts-type.mjs').FileFieldRules[]}
 */
function fileFieldsOf(rules) {
  return /** @type {{ fileFields?: import('./uploads/accepts-type.mjs').FileFieldRules[] }} */ (rules).fileFields ?? [];
}

/**
 * The receiver's path: RECEIVER_PATH, else the programme's requestUrl when it is a path on this server.
 * @param {string | null} requestUrl
 * @param {string | undefined} override
 */
export function receiverPath(requestUrl, override) {
  if (override) return override;
  if (isLocalPath(requestUrl)) return new URL(requestUrl, 'http://localhost').pathname;
  return DEFAULT_RECEIVER_PATH;
}

/**
 * @param {string | null} requestUrl
 * @returns {requestUrl is string} a path on this server, not another host's URL nor none
 */
function isLocalPath(requestUrl) {
  return requestUrl !== null && requestUrl.startsWith('/') && !requestUrl.startsWith('//');
}

/**
 * @param {{
 *   root: string, host?: string, port?: number, dataDir?: string, databaseUrl?: string | undefined,
 *   corsOrigins?: string | undefined, receiverPathOverride?: string | undefined,
 *   trustProxy?: string | undefined, publicOrigin?: string | undefined,
 *   receiverRules?: (config: unknown) => import('../src/config/receiver-rules.ts').ReceiverRules,
 *   draftId?: RegExp,
 *   webhooks?: import('./webhooks/webhook-settings.mjs').WebhookSettings | null,
 *   webhookPollMs?: number,
 *   proofOfWork?: import('./limits/proof-of-work.mjs').ProofOfWorkSettings | null,
 *   limits?: import('./limits/limit-settings.mjs').LimitSettings,
 *   freeBytes?: (dir: string) => Promise<number>,
 *   adminPort?: number,
 *   draftTtlSeconds?: number,
 *   retentionDays?: number,
 *   uploadsDir?: string | undefined,
 *   isUploadBound?: (id: string) => Promise<boolean>,
 *   log?: (line: string) => void,
 *   logRequest?: (entry: import('./server-log.mjs').RequestEntry) => void,
 * }} options webhooks: where to POST each stored revision (webhook-settings.mjs), null for none;
 *   log: messages; logRequest: a line per request (server-log.mjs);
 *   trustProxy, publicOrigin: TRUST_PROXY and PUBLIC_ORIGIN, behind a reverse proxy (proxy-trust.mjs);
 *   limits: what a client may send and hold (limit-settings.mjs); freeBytes: the free space of
 *   DATA_DIR (disk-floor.mjs, injectable for tests); adminPort: the loopback admin server's port (0: any);
 *   receiverRules, draftId: the wizard's rules and its rule for a draft's id, from src/ (tests, `npm run dev`), else server/build/;
 *   draftTtlSeconds: how long a draft in transit is kept when its PUT names no time (drafts.mjs);
 *   retentionDays: RETENTION_DAYS, what is older is erased at start and daily (retention-schedule.mjs), 0: never;
 *   uploadsDir: UPLOADS_DIR, where uploaded files live with DATABASE_URL (uploads-folder.mjs);
 *   isUploadBound: whether an application holds an upload (tests), else the store's application_files (upload-binding.mjs)
 */
export async function startServer({
  root, host = '127.0.0.1', port = 4173, dataDir = 'data', databaseUrl, corsOrigins, receiverPathOverride, receiverRules, draftId,
  webhooks = null, webhookPollMs, log = () => undefined, logRequest, trustProxy, publicOrigin, proofOfWork = null,
  limits = DEFAULT_LIMITS, freeBytes, adminPort = 0, draftTtlSeconds = DEFAULT_DRAFT_SECONDS, retentionDays = 0, uploadsDir, isUploadBound,
}) {

  const trust = proxyTrust({ trustProxy, publicOrigin });
  const trustWarning = trustProxyWarning(trust, host, trustProxy);
  if (trustWarning) log(trustWarning);
  const noticeForwarded = warnOfUntrustedProxy(trust, log);
  const rulesFor = await loadRulesFor(receiverRules);
  const refusal = await refusalBeforeStart({ root, rulesFor, dataDir: databaseUrl ? null : resolve(dataDir) });
  if (refusal) throw refusal;
  // Whoever hands in the rules from src/ runs TypeScript (the tests, `npm run dev`): the id's rule comes from there too.
  const draftIdPattern = draftId ?? (receiverRules ? (await import('../src/handover/draft-id.ts')).DRAFT_ID : /** @type {RegExp} */ (await fromBuild('draft-id.mjs', 'DRAFT_ID')));
  const lock = databaseUrl ? null : await acquireLock(resolve(dataDir));
  let store;
  /** @type {import('./limits/rate-limits.mjs').RateLimits | undefined} */
  let rateLimits;
  /** @type {Awaited<ReturnType<typeof createProgrammeSource>>} */
  let programmes;
  /** @type {Awaited<ReturnType<typeof createReceiverMoves>> | null} set once the start's programme is known; its first reading sees any change before */
  let moves = null;
  /** @type {string | null} */
  let filesFolder;
  try {
    // Files an older receiver or a wide folder left open to others (store/private-files.mjs).
    const repaired = lock ? await repairDataFolder(resolve(dataDir)) : null;
    if (repaired) log(repaired);
    store = await openStore({ databaseUrl, dataDir });
    rateLimits = await createRateLimits({ windows: limits.rateWindows, databaseUrl, log });
    programmes = await createProgrammeSource({
      root, rulesFor, store, log,
      // An edit asking for files where none can be kept is refused loudly, not applied to fail every upload.
      objection: (rules) => (fileFieldsOf(rules).length > 0 ? filesUnkeptHere({ DATABASE_URL: databaseUrl, UPLOADS_DIR: uploadsDir }) : null),
      // Called on a later request, once `path` and `moves` below are set, before any page is given the programme.
      onChange(programme, replaced) {
        if (programme.rules.requestUrl === null && replaced.rules.requestUrl !== null) {
          log(`Note: config.json's requestUrl is now null, so pages given it send nothing and keep nothing (a programme that sends nothing on purpose); set "requestUrl": "${path}" again for this receiver to keep applications`);
          return;
        }
        moves?.moved(programme.rules.requestUrl, replaced.rules.requestUrl);
      },
    });
    // A PostgreSQL deployment whose programme asks for files does not start without a shared folder.
    filesFolder = uploadsFolderIfAsked({ dataDir, env: { DATABASE_URL: databaseUrl, UPLOADS_DIR: uploadsDir }, fileFields: fileFieldsOf(programmes.started.rules) });
  } catch (error) {
    await rateLimits?.close();
    await store?.close();
    await lock?.release();
    throw error;
  }
  const started = programmes.started;
  const path = receiverPath(started.rules.requestUrl, receiverPathOverride);
  const receiverMoves = await createReceiverMoves({
    startPath: path,
    // RECEIVER_PATH fixes the path whatever the programme says; a requestUrl on another host or none sends nowhere here.
    pathOf: (requestUrl) => (receiverPathOverride || !isLocalPath(requestUrl) ? null : receiverPath(requestUrl, undefined)),
    recentRequestUrls: () => programmes.recentRequestUrls(),
    log,
  }).catch(async (/** @type {unknown} */ error) => {
    await rateLimits.close();
    await store.close();
    await lock?.release();
    throw error;
  });
  moves = receiverMoves;
  const deliverer = webhooks ? createWebhookDeliverer({ store, settings: webhooks, log, pollMs: webhookPollMs }) : null;
  const proofs = await createProofOfWork({ store, settings: proofOfWork, receiverPath: path, allowedOrigins: parseOrigins(corsOrigins) });
  // PostgreSQL's disk is its server's: a write it cannot make is the store's 503 instead.
  const diskFloor = databaseUrl ? null : createDiskFloor({ dir: resolve(dataDir), floorBytes: limits.diskFloorBytes, freeBytes, log });
  const health = createHealth({ store, diskFloor, log, uploads: uploadsReadiness({ folder: filesFolder, shared: Boolean(databaseUrl), asksForFiles: async () => fileFieldsOf((await programmes.current()).rules).length > 0 }) });
  const metrics = createMetrics();
  const admit = createAdmission({ rateLimits, diskFloor });
  const receiver = createReceiver({
    store, path, allowedOrigins: parseOrigins(corsOrigins), log, webhooks, onStored: () => deliverer?.nudge(), proofOfWork: proofs,
    validate: async (body) => (await programmes.validate(body)).issues,
    defaultLanguage: () => programmes.language,
    admit,
    programmeNames: currentProgrammeNames(() => programmes.current()),
    // The files a PUT names: uploads in the uploads folder, judged by their bytes (uploads/application-files.mjs).
    checkFiles: createFileChecks({
      store, folder: filesFolder,
      fileFields: async () => fileFieldsOf((await programmes.current()).rules),
    }),
  });
  // A draft's PUT meets a budget of its own, so drafts never turn an application away, and the
  // proof of work applications need; its GET and DELETE count in the client's share of requests.
  const draftsBudget = await createDraftsBudget({ store, limits, databaseUrl, dataDir: resolve(dataDir), freeBytes, log });
  const drafts = createDrafts({
    store, prefix: draftsPrefix(path), draftId: draftIdPattern, allowedOrigins: parseOrigins(corsOrigins), log, ttlSeconds: draftTtlSeconds,
    admitWrite: (ctx) => draftsBudget.admit(ctx), takeBytes: (bytes) => draftsBudget.take(bytes), proofOfWork: proofs, admitRead: createAdmission({ rateLimits }),
  });
  const draftSweep = startDraftSweep(store, { log });
  const uploads = await uploadsWhenAsked({
    prefix: uploadsPrefix(path), folder: filesFolder, asksForFiles: fileFieldsOf(started.rules).length > 0,
    start: async () => (await import('./uploads/tus-endpoint.mjs')).createUploads({
      prefix: uploadsPrefix(path), folder: filesFolder, databaseUrl, limits, freeBytes, allowedOrigins: parseOrigins(corsOrigins), proofOfWork: proofs, log,
      fileFields: async () => fileFieldsOf((await programmes.current()).rules),
      isBound: isUploadBound ?? uploadBinding(store),
    }),
  });
  const retention = startRetention(store, { days: retentionDays, log, uploadsFolder: filesFolder });
  const server = createAppServer({
    root,
    logRequest(entry) {
      if (health.isProbe(entry.path)) return;
      metrics.countRequest(entry);
      logRequest?.(entry);
    },
    // Pages are given the programme the receiver applies: the last valid one config.json held.
    rewrite: createProgrammePages(await realpath(resolve(root)), () => programmes.current()),
    async servedConfig() {
      const programme = await programmes.current();
      return { version: programme.digest, text: () => Promise.resolve(programme.text) };
    },
    // Behind a proxy: which site the request was sent to (the Origin check) and over what (HSTS).
    trust,
    api: async (ctx) => {
      noticeForwarded(ctx.req);
      for (const [name, value] of Object.entries(transportSecurityHeaders(ctx.req, ctx.trust))) ctx.res.setHeader(name, value);
      // A PUT may come to a path an edit gave before this server served it (another instance did):
      // the file is looked at first (a stat), so a moved requestUrl is answered at once. Not for the
      // started path, which is answered whatever the file says: a stat before every application
      // cost a quarter of the receiver's throughput (bench:receiver).
      if ((ctx.req.method === 'PUT' || ctx.req.method === 'OPTIONS') && pathnameOf(ctx) !== path) await programmes.current();
      receiverMoves.route(ctx);
      return (await health.answerHealth(ctx)) || answerAdminNotHere(ctx) || (await proofs.answerChallenge(ctx)) || (await receiver(ctx)) || (await drafts(ctx)) || uploads.answer(ctx);
    },
  });
  const connections = limitConnections(server, { limits, trust, count: metrics.countConnection });
  await listen(server, port, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${String(listeningPort(server))}`;
  // The admin endpoints (npm run -s applications on the embedded store) get a server of their own on
  // the loopback interface, whatever HOST is: a receiver listening on one public address must still
  // answer them, and no request that came through a proxy or from another machine can reach them.
  const admin = lock ? createAdmin({ store, token: lock.token, onRedeliver: () => deliverer?.nudge(), webhooksOn: deliverer !== null, uploadsFolder: filesFolder }) : null;
  const exposition = async () => metrics.exposition({
    receiver_open_connections: { help: 'Connections open on the public port.', value: connections.open() },
    receiver_disk_free_bytes: { help: 'Free space in DATA_DIR, read at most once a second (embedded store).', value: (await diskFloor?.freeBytes()) ?? null },
    process_resident_memory_bytes: { help: 'Resident memory of the receiver process.', value: process.memoryUsage.rss() },
  });
  const adminServer = createServer((req, res) => void answerAdmin(admin, exposition, req, res));
  await listen(adminServer, adminPort, '127.0.0.1');
  const adminUrl = `http://127.0.0.1:${String(listeningPort(adminServer))}`;
  if (lock) await lock.publish({ url, adminUrl });
  // The embedded store is this process's alone: leases a killed predecessor left can be freed.
  await deliverer?.start({ exclusive: store.kind === 'embedded' });
  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    url,
    /** The admin endpoints' base URL (loopback only), null on PostgreSQL, where the CLI connects directly. */
    adminUrl: admin ? adminUrl : null,
    /** GET it for the counts of answers and refusals, in Prometheus's text format (loopback only). */
    metricsUrl: `${adminUrl}/metrics`,
    path,
    /** Where drafts in transit are stored and fetched: this prefix, then the draft's id. */
    draftsPath: draftsPrefix(path),
    /** Where files are uploaded (tus 1.0): POST here, then HEAD, PATCH, DELETE this path + `/` + the upload's id. */
    uploadsPath: uploadsPrefix(path),
    /** The folder that holds uploaded files (DATA_DIR/uploads, or UPLOADS_DIR on PostgreSQL). */
    uploadsFolder: filesFolder,
    /** Removes abandoned uploads now, as the hourly turn does. */
    sweepUploads: () => uploads.sweep(),
    store,
    /** The programme whose rules the receiver applied at start: its title and config.json's digest. */
    programme: { title: started.title, digest: started.digest, requestUrl: started.rules.requestUrl },
    /** The origins besides the page's own that may send applications (CORS_ORIGINS). */
    allowedOrigins: [...parseOrigins(corsOrigins)],
    /** Where challenges are answered (`{ "required": false }` there while proof of work is off). */
    challengePath: proofs.path,
    /** What TRUST_PROXY and PUBLIC_ORIGIN make of the requests, for the start-up log. */
    proxy: trust.description,
    close() {
      closing ??= (async () => {
        server.closeAllConnections();
        adminServer.closeAllConnections();
        await Promise.all([server, adminServer].map((each) => new Promise((resolveClose) => {
          each.close(() => {
            resolveClose(undefined);
          });
        })));
        await deliverer?.stop();
        await draftSweep.stop();
        await uploads.close();
        await draftsBudget.close();
        await retention.stop();
        await rateLimits.close();
        await store.close();
        await lock?.release();
      })();
      return closing;
    },
  };
}
