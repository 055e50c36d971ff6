// `npm start`: serves dist/ on http://127.0.0.1:4173 and receives applications at the default
// programme's requestUrl (/api/applications), keeping them in ./data (PGlite) or, with
// DATABASE_URL, in PostgreSQL. Environment: HOST, PORT, DATA_DIR, DATABASE_URL, CORS_ORIGINS,
// RECEIVER_PATH, WEBHOOK_URL, WEBHOOK_SECRET, WEBHOOK_TIMEOUT_MS, LOG_FORMAT, TRUST_PROXY,
// PUBLIC_ORIGIN, PROOF_OF_WORK, the limits of limit-settings.mjs, ADMIN_PORT, DRAFT_TTL_SECONDS
// (docs/receiver.md).
// Logs name applications by id only, never their content (server-log.mjs).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { draftTtlSeconds } from './drafts/drafts-in-transit.mjs';
import { limitSettings } from './limits/limit-settings.mjs';
import { createServerLog, parseLogFormat } from './server-log.mjs';
import { proofOfWorkSettings } from './limits/proof-of-work.mjs';
import { startServer } from './start-server.mjs';
import { isPlainTextToAnotherMachine, webhookSettings } from './webhooks/webhook-settings.mjs';
import { keepYoungGenerationSmall } from './young-generation.mjs';

keepYoungGenerationSmall();

const root = process.env.DIST_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));

/**
 * Where the applications are kept, for the start-up line: the folder, or the database without its password.
 * @param {string | undefined} databaseUrl
 * @param {string} dataDir
 */
function storeDescription(databaseUrl, dataDir) {
  if (!databaseUrl) return `PGlite in ${resolve(dataDir)}`;
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * The limits in force, for the start-up line.
 * @param {import('./limits/limit-settings.mjs').LimitSettings} limits
 * @param {string | undefined} databaseUrl
 */
function describeLimits(limits, databaseUrl) {
  const rates = limits.rateWindows.map((window) => `${String(window.points)} PUTs per ${window.durationSeconds === 60 ? 'minute' : window.durationSeconds === 3600 ? 'hour' : `${String(window.durationSeconds)} s`}`);
  return [
    rates.length > 0 ? `${rates.join(' and ')} per client${databaseUrl ? ' (counted in PostgreSQL, shared by every instance)' : ''}` : 'no rate limit',
    `${limits.maxConnectionsPerAddress || 'unlimited'} connections per address, ${limits.maxConnections || 'unlimited'} in all`,
    `headers within ${String(limits.headersTimeoutMs / 1000)} s, whole requests within ${String(limits.requestTimeoutMs / 1000)} s, idle connections closed after ${String(limits.keepAliveTimeoutMs / 1000)} s`,
    databaseUrl ? null : limits.diskFloorBytes > 0 ? `${String(limits.diskFloorBytes / 1024 / 1024)} MB kept free in the data folder` : 'no disk floor',
  ].filter((part) => part !== null).join('; ');
}

try {
  const serverLog = createServerLog({ format: parseLogFormat(process.env.LOG_FORMAT) });
  const log = serverLog.message;
  const webhooks = webhookSettings(process.env);
  if (webhooks && isPlainTextToAnotherMachine(webhooks.url)) log(`warning: WEBHOOK_URL is http://, so applications cross the network unencrypted to ${webhooks.url.host}; use https://`);
  const dataDir = process.env.DATA_DIR ?? 'data';
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const proofOfWork = proofOfWorkSettings(process.env);
  const limits = limitSettings(process.env);
  const draftTtl = draftTtlSeconds(process.env);
  const adminPort = Number(process.env.ADMIN_PORT?.trim() || 0);
  if (!Number.isInteger(adminPort) || adminPort < 0 || adminPort > 65535) throw new Error(`ADMIN_PORT must be a port number (0: any free one), not ${String(process.env.ADMIN_PORT)}`);
  const server = await startServer({
    root,
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 4173),
    dataDir,
    databaseUrl,
    corsOrigins: process.env.CORS_ORIGINS,
    receiverPathOverride: process.env.RECEIVER_PATH || undefined,
    trustProxy: process.env.TRUST_PROXY,
    publicOrigin: process.env.PUBLIC_ORIGIN,
    webhooks,
    proofOfWork,
    limits,
    adminPort,
    draftTtlSeconds: draftTtl,
    log,
    logRequest: serverLog.request,
  });
  log(`Creator partnership wizard: ${server.url}/ (applications: PUT ${server.path}, stored in ${storeDescription(databaseUrl, dataDir)})`);
  log(`Programme: "${server.programme.title}" from ${resolve(root, 'config.json')} (digest ${server.programme.digest})`);
  const requestUrl = server.programme.requestUrl;
  if (requestUrl === null) {
    log(`WARNING: the programme has no requestUrl, so the page sends applications nowhere and thanks every creator; set "requestUrl": "${server.path}" in config.json for this receiver to keep them`);
  } else if (!requestUrl.startsWith('/') || requestUrl.startsWith('//')) {
    log(`Note: the programme sends applications to ${new URL(requestUrl).origin}, not to this receiver (requestUrl)`);
  }
  log(`Applications accepted from the page's own origin${server.allowedOrigins.length > 0 ? ` and ${server.allowedOrigins.join(', ')}` : ' only (CORS_ORIGINS adds others)'}`);
  log(`Proxy: ${server.proxy} (TRUST_PROXY, PUBLIC_ORIGIN)`);
  log(proofOfWork ? `Proof of work: on, challenges at GET ${server.challengePath} (up to ${String(proofOfWork.maxNumber)} hashes each)` : 'Proof of work: off (PROOF_OF_WORK=on asks every application for one)');
  log(`Drafts in transit: PUT, GET once, DELETE ${server.draftsPath}{id}, kept ${String(draftTtl)} s unless the PUT asks for another time (DRAFT_TTL_SECONDS)`);
  log(`Limits: ${describeLimits(limits, databaseUrl)}; counts at ${server.metricsUrl}`);
  // The origin only: a hook's path often is its secret (Zapier's and Make's are).
  log(webhooks ? `Webhooks: each application and revision is POSTed to ${webhooks.url.origin}/…, signed` : 'Webhooks: off (set WEBHOOK_URL and WEBHOOK_SECRET to be told of each application)');
  const stop = () => {
    void server.close().then(() => {
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
