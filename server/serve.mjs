// `npm start`: serves dist/ on http://127.0.0.1:4173 and receives applications at the default
// programme's requestUrl (/api/applications), keeping them in ./data (PGlite) or, with
// DATABASE_URL, in PostgreSQL. Environment: HOST, PORT, DATA_DIR, DATABASE_URL, CORS_ORIGINS,
// RECEIVER_PATH, WEBHOOK_URL, WEBHOOK_SECRET, WEBHOOK_TIMEOUT_MS, SMTP_URL, MAIL_FROM,
// SMTP_TIMEOUT_MS (docs/mail.md), LOG_FORMAT, TRUST_PROXY, PUBLIC_ORIGIN, PROOF_OF_WORK, the
// limits of limit-settings.mjs, ADMIN_PORT, DRAFT_TTL_SECONDS, RETENTION_DAYS, UPLOADS_DIR,
// STATUS_LINK_KEY (docs/receiver.md), TEAM_SESSION_IDLE_MINUTES, TEAM_SESSION_MAX_HOURS, OIDC_ISSUER,
// OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (docs/team.md).
// Logs name applications by id only, never their content (server-log.mjs).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { draftTtlSeconds } from './drafts/drafts-in-transit.mjs';
import { draftsFloorBytes } from './drafts/drafts-budget.mjs';
import { limitSettings } from './limits/limit-settings.mjs';
import { describeMail, mailSettings } from './mail/mail-settings.mjs';
import { createServerLog, parseLogFormat } from './log/server-log.mjs';
import { proofOfWorkSettings } from './limits/proof-of-work.mjs';
import { retentionDays } from './applications/retention-schedule.mjs';
import { startServer } from './start-server.mjs';
import { teamSessionSettings } from './team/team-settings.mjs';
import { oidcSettings } from './team/oidc-settings.mjs';
import { stopWithLauncher } from './process/stop-with-launcher.mjs';
import { describeUploads } from './uploads/uploads-folder.mjs';
import { describeStore } from './store/store-description.mjs';
import { keepNewFilesPrivate } from './store/private-files.mjs';
import { isPlainTextToAnotherMachine, webhookSettings } from './webhooks/webhook-settings.mjs';
import { keepYoungGenerationSmall } from './process/young-generation.mjs';
import { collectGarbageWhenIdle } from './process/idle-collection.mjs';

keepYoungGenerationSmall();
collectGarbageWhenIdle();

const root = process.env.DIST_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));

/**
 * The limits in force, for the start-up line.
 * @param {import('./limits/limit-settings.mjs').LimitSettings} limits
 * @param {string | undefined} databaseUrl
 */
function describeLimits(limits, databaseUrl) {
  const rates = limits.rateWindows.map(
    (window) =>
      `${String(window.points)} PUTs per ${window.durationSeconds === 60 ? 'minute' : window.durationSeconds === 3600 ? 'hour' : `${String(window.durationSeconds)} s`}`,
  );
  return [
    rates.length > 0 ? `${rates.join(' and ')} per client${databaseUrl ? ' (counted in PostgreSQL, shared by every instance)' : ''}` : 'no rate limit',
    `${limits.maxConnectionsPerAddress || 'unlimited'} connections per address, ${limits.maxConnections || 'unlimited'} in all`,
    `headers within ${String(limits.headersTimeoutMs / 1000)} s, whole requests within ${String(limits.requestTimeoutMs / 1000)} s, idle connections closed after ${String(limits.keepAliveTimeoutMs / 1000)} s, stalled ones after ${String(limits.stallTimeoutMs / 1000)} s`,
    databaseUrl ? null : limits.diskFloorBytes > 0 ? `${String(limits.diskFloorBytes / 1024 / 1024)} MB kept free in the data folder` : 'no disk floor',
  ]
    .filter((part) => part !== null)
    .join('; ');
}

/**
 * Drafts in transit's own budget, for the start-up line (drafts-budget.mjs).
 * @param {import('./limits/limit-settings.mjs').LimitSettings} limits
 * @param {string | undefined} databaseUrl
 */
function describeDraftsBudget(limits, databaseUrl) {
  const rates = limits.draftRateWindows.map((window) => `${String(window.points)} ${window.durationSeconds === 60 ? 'a minute' : 'an hour'}`);
  return [
    rates.length > 0 ? `${rates.join(' and ')} per client (DRAFT_RATE_LIMIT_PER_MINUTE, _PER_HOUR)` : 'no rate limit of their own',
    limits.draftsMaxBytes > 0 ? `${String(limits.draftsMaxBytes / 1024 / 1024)} MB held at most (DRAFTS_MAX_MB)` : 'no quota',
    databaseUrl || limits.diskFloorBytes === 0 ? null : `refused under ${String(draftsFloorBytes(limits) / 1024 / 1024)} MB free`,
  ]
    .filter((part) => part !== null)
    .join(', ');
}

// Every file the receiver writes is its user's alone (store/private-files.mjs).
keepNewFilesPrivate();
try {
  const serverLog = createServerLog({ format: parseLogFormat(process.env.LOG_FORMAT) });
  const log = serverLog.message;
  const webhooks = webhookSettings(process.env);
  if (webhooks && isPlainTextToAnotherMachine(webhooks.url))
    log(`warning: WEBHOOK_URL is http://, so applications cross the network unencrypted to ${webhooks.url.host}; use https://`);
  const mail = mailSettings(process.env);
  const dataDir = process.env.DATA_DIR ?? 'data';
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const proofOfWork = proofOfWorkSettings(process.env);
  const limits = limitSettings(process.env);
  const draftTtl = draftTtlSeconds(process.env);
  const retention = retentionDays(process.env);
  const adminPort = Number(process.env.ADMIN_PORT?.trim() || 0);
  if (!Number.isInteger(adminPort) || adminPort < 0 || adminPort > 65535)
    throw new Error(`ADMIN_PORT must be a port number (0: any free one), not ${String(process.env.ADMIN_PORT)}`);
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
    mail,
    proofOfWork,
    limits,
    adminPort,
    draftTtlSeconds: draftTtl,
    retentionDays: retention,
    uploadsDir: process.env.UPLOADS_DIR,
    statusLinkKey: process.env.STATUS_LINK_KEY,
    team: { sessions: teamSessionSettings(process.env), oidc: oidcSettings(process.env) },
    log,
    logRequest: serverLog.request,
  });
  log(`Creator partnership wizard: ${server.url}/ (applications: PUT ${server.path}, stored in ${describeStore({ databaseUrl, dataDir })})`);
  log(`Programme: "${server.programme.title}" from ${resolve(root, 'config.json')} (digest ${server.programme.digest})`);
  const requestUrl = server.programme.requestUrl;
  if (requestUrl === null) {
    // Only on purpose: a programme without the key is refused (src/config/sending-findings.ts).
    log(
      `Note: the programme's requestUrl is null, so pages send nothing and keep nothing (a programme that sends nothing on purpose); set "requestUrl": "${server.path}" in config.json for this receiver to keep applications`,
    );
  } else if (!requestUrl.startsWith('/') || requestUrl.startsWith('//')) {
    log(`Note: the programme sends applications to ${new URL(requestUrl).origin}, not to this receiver (requestUrl)`);
  }
  log(
    `Applications accepted from the page's own origin${server.allowedOrigins.length > 0 ? ` and ${server.allowedOrigins.join(', ')}` : ' only (CORS_ORIGINS adds others)'}`,
  );
  log(`Proxy: ${server.proxy} (TRUST_PROXY, PUBLIC_ORIGIN)`);
  log(
    proofOfWork
      ? `Proof of work: on, challenges at GET ${server.challengePath} (up to ${String(proofOfWork.maxNumber)} hashes each)`
      : 'Proof of work: off (PROOF_OF_WORK=on asks every application for one)',
  );
  log(
    `Drafts in transit: PUT, GET once, DELETE ${server.draftsPath}{id}, kept ${String(draftTtl)} s unless the PUT asks for another time (DRAFT_TTL_SECONDS); ${describeDraftsBudget(limits, databaseUrl)}`,
  );
  log(describeUploads(server));
  log(`Where an application stands: GET ${server.statusPath} with its link's secret (Authorization: Bearer)`);
  log(
    retention > 0
      ? `Retention: applications, webhook messages and drafts older than ${String(retention)} day(s) are erased at start and daily (RETENTION_DAYS)`
      : 'Retention: off, applications are kept until erased (RETENTION_DAYS sets a period)',
  );
  log(`Limits: ${describeLimits(limits, databaseUrl)}; counts at ${server.metricsUrl}`);
  // The origin only: a hook's path often is its secret (Zapier's and Make's are).
  log(
    webhooks
      ? `Webhooks: each application and revision is POSTed to ${webhooks.url.origin}/…, signed`
      : 'Webhooks: off (set WEBHOOK_URL and WEBHOOK_SECRET to be told of each application)',
  );
  // Host and port only: SMTP_URL carries the password.
  log(describeMail(mail));
  const stop = () => {
    void server.close().then(() => {
      // The refusals counted since their last summary line are told before the process ends.
      serverLog.close();
      process.exit(0);
    });
  };
  // `on`, not `once`: under `npm start` a Ctrl-C reaches the server twice (from the terminal and
  // from its launcher), and a second signal must not kill it in the middle of closing the store.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  stopWithLauncher(stop);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
