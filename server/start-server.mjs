// Starts the whole system `npm start` runs: the built app from dist/, the receiver at the
// programme's requestUrl, and its store (embedded PGlite in DATA_DIR, or PostgreSQL at
// DATABASE_URL). The tests start it the same way, in their own process or in a child.
//
// This file is wiring only: each room below makes its own part (create…Feature), and every
// resource taken is given back by one teardown, on a failed start as on close().
import { resolve } from 'node:path';
import { startAdminServer } from './admin-server.mjs';
import { createAppServer } from './app-server.mjs';
import { createApplicationsFeature } from './applications/applications-feature.mjs';
import { backupAdmin } from './backup/backup-admin.mjs';
import { createDraftsFeature } from './drafts/drafts-feature.mjs';
import { DEFAULT_DRAFT_SECONDS } from './drafts/drafts-in-transit.mjs';
import { createHealth } from './health/health.mjs';
import { answerAdminNotHere } from './http/admin-door.mjs';
import { parseOrigins } from './http/cors.mjs';
import { closeServer, listen } from './http/listen.mjs';
import { proxyTrust } from './http/proxy-trust.mjs';
import { trustProxyWarning, warnOfUntrustedProxy } from './http/proxy-trust-warnings.mjs';
import { transportSecurityHeaders } from './http/security-headers.mjs';
import { createAdmission } from './limits/admission.mjs';
import { limitConnections } from './limits/connection-limits.mjs';
import { createDiskFloor } from './limits/disk-floor.mjs';
import { DEFAULT_LIMITS } from './limits/limit-settings.mjs';
import { createProofOfWork } from './limits/proof-of-work.mjs';
import { createRateLimits } from './limits/rate-limits.mjs';
import { createMetrics } from './log/metrics.mjs';
import { createMailFeature } from './mail/mail-feature.mjs';
import { parseJson } from './http/parse-json.mjs';
import { createTeardown } from './process/teardown.mjs';
import { createProgrammeFeature, fileFieldsOf } from './programme/programme-feature.mjs';
import { refusalBeforeStart } from './programme/programme-file.mjs';
import { acquireLock } from './store/data-dir-lock.mjs';
import { openStore } from './store/open-store.mjs';
import { repairDataFolder } from './store/private-files.mjs';
import { filesUnkeptHere } from './uploads/uploads-folder.mjs';
import { createUploadsFeature } from './uploads/uploads-feature.mjs';
import { createStatusFeature } from './status/status-feature.mjs';
import { createTeamFeature } from './team/team-feature.mjs';
import { createInboxFeature } from './inbox/inbox-feature.mjs';
import { createWebhooksFeature } from './webhooks/webhooks-feature.mjs';
import { mailTexts, programmeAnswersReader, wizardRules } from './wizard-rules.mjs';

/**
 * @param {import('./start-options.mjs').StartOptions} options what each is: start-options.mjs
 */
export async function startServer({
  root,
  host = '127.0.0.1',
  port = 4173,
  dataDir = 'data',
  databaseUrl,
  corsOrigins,
  receiverPathOverride,
  receiverRules,
  draftId,
  webhooks = null,
  webhookPollMs,
  mail = null,
  mailPollMs,
  statusUrlFor,
  log = () => undefined,
  logRequest,
  trustProxy,
  publicOrigin,
  proofOfWork = null,
  limits = DEFAULT_LIMITS,
  freeBytes,
  adminPort = 0,
  draftTtlSeconds = DEFAULT_DRAFT_SECONDS,
  retentionDays = 0,
  uploadsDir,
  isUploadBound,
  statusLinkKey,
  team: teamOptions = {},
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
  const texts = mail ? await mailTexts({ fromSource: receiverRules !== undefined }) : null;
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
    const programme = await createProgrammeFeature({
      root,
      store,
      log,
      rulesFor,
      receiverPathOverride,
      // An edit asking for files where none can be kept is refused loudly, not applied to fail every upload.
      objection: (rules) => (fileFieldsOf(rules).length > 0 ? filesUnkeptHere({ DATABASE_URL: databaseUrl, UPLOADS_DIR: uploadsDir }) : null),
    });
    const { path, started, fileFields } = programme;
    const proofs = await createProofOfWork({ store, settings: proofOfWork, receiverPath: path, allowedOrigins });
    // PostgreSQL's disk is its server's: a write it cannot make is the store's 503 instead.
    const diskFloor = databaseUrl ? null : createDiskFloor({ dir: folder, floorBytes: limits.diskFloorBytes, freeBytes, log });
    const shared = { store, path, allowedOrigins, log, proofOfWork: proofs };
    const uploads = await createUploadsFeature({
      ...shared,
      dataDir,
      databaseUrl,
      uploadsDir,
      limits,
      freeBytes,
      startFileFields: fileFieldsOf(started.rules),
      fileFields,
      isUploadBound,
    });
    teardown.add(() => uploads.close());
    const webhookRoom = createWebhooksFeature({ store, settings: webhooks, log, pollMs: webhookPollMs });
    teardown.add(() => webhookRoom.close());
    const status = await createStatusFeature({ ...shared, rateLimits, statusLinkKey, dataDir: folder, mail: mail !== null, webhooks });
    const mailRoom = await createMailFeature({
      store,
      settings: mail,
      log,
      pollMs: mailPollMs,
      // The link a receipt carries, derived from the status room's key (a test may give its own).
      statusUrlFor: statusUrlFor ?? status.mailedLink,
      // The programme in force, as an e-mail in the application's language reads it.
      programme: async (language) =>
        /** @type {NonNullable<typeof texts>} */ (texts).mailProgramme(parseJson((await programme.programmes.current()).text), language),
      mailWords: (lang, messages) => /** @type {NonNullable<typeof texts>} */ (texts).mailWords(lang, messages),
    });
    teardown.add(() => mailRoom.close());
    const applications = createApplicationsFeature({
      ...shared,
      webhooks,
      admit: createAdmission({ rateLimits, diskFloor }),
      // A stored revision may have written a status row (the first revision's `received`): both outboxes look.
      onStored: () => {
        webhookRoom.nudge();
        mailRoom.nudge();
      },
      programmes: programme.programmes,
      fileFields,
      uploadsFolder: uploads.folder,
      retentionDays,
      status: status.receiving,
    });
    teardown.add(() => applications.close());
    const drafts = await createDraftsFeature({
      ...shared,
      draftId: draftIdPattern,
      ttlSeconds: draftTtlSeconds,
      limits,
      databaseUrl,
      dataDir: folder,
      freeBytes,
      rateLimits,
    });
    teardown.add(() => drafts.close());
    const team = await createTeamFeature({ store, log, mail, trust, databaseUrl, ...teamOptions });
    teardown.add(() => team.close());
    const inbox = createInboxFeature({
      store,
      log,
      authorize: team.authorize,
      audit: team.audit,
      programmes: programme.programmes,
      uploadsFolder: uploads.folder,
      mail,
      webhooks,
      readAnswers: await programmeAnswersReader({ fromSource: receiverRules !== undefined }),
      // A decision wrote a status row, and perhaps its e-mail and webhook: both outboxes look.
      onDecided: () => {
        webhookRoom.nudge();
        mailRoom.nudge();
      },
    });
    const health = createHealth({ store, diskFloor, log, uploads: uploads.readiness });
    const metrics = createMetrics();
    const server = createAppServer({
      root,
      rewrite: programme.rewrite,
      servedConfig: programme.servedConfig,
      logRequest(entry) {
        if (health.isProbe(entry.path)) return;
        metrics.countRequest(entry);
        logRequest?.(entry);
      },
      // Behind a proxy: which site the request was sent to (the Origin check) and over what (HSTS).
      trust,
      api: async (ctx) => {
        noticeForwarded(ctx.req);
        for (const [name, value] of Object.entries(transportSecurityHeaders(ctx.req, ctx.trust))) ctx.res.setHeader(name, value);
        await programme.route(ctx);
        return (
          (await health.answerHealth(ctx)) ||
          answerAdminNotHere(ctx) ||
          (await team.answer(ctx)) ||
          (await proofs.answerChallenge(ctx)) ||
          (await applications.answer(ctx)) ||
          (await status.answer(ctx)) ||
          (await drafts.answer(ctx)) ||
          (await uploads.answer(ctx)) ||
          (await inbox.answer(ctx)) ||
          team.notFound(ctx)
        );
      },
    });
    const connections = limitConnections(server, { limits, trust, count: metrics.countConnection });
    const url = await listen(server, port, host);
    teardown.add(() => closeServer(server));
    const admin = await startAdminServer({
      port: adminPort,
      door: lock
        ? {
            token: lock.token,
            routes: [applications.admin, status.admin, backupAdmin({ store, uploadsFolder: uploads.folder }), webhookRoom.admin, mailRoom.admin, team.admin],
          }
        : null,
      metrics: async () =>
        metrics.exposition({
          receiver_open_connections: { help: 'Connections open on the public port.', value: connections.open() },
          receiver_disk_free_bytes: {
            help: 'Free space in DATA_DIR, read at most once a second (embedded store).',
            value: (await diskFloor?.freeBytes()) ?? null,
          },
          process_resident_memory_bytes: { help: 'Resident memory of the receiver process.', value: process.memoryUsage.rss() },
        }),
    });
    teardown.add(() => closeServer(admin.server));
    if (lock) await lock.publish({ url, adminUrl: admin.url });
    await webhookRoom.start();
    mailRoom.start();
    return {
      url,
      path,
      store,
      /** The admin endpoints' base URL (loopback only), null on PostgreSQL, where the CLI connects directly. */
      adminUrl: lock ? admin.url : null,
      /** GET it for the counts of answers and refusals, in Prometheus's text format (loopback only). */
      metricsUrl: `${admin.url}/metrics`,
      draftsPath: drafts.prefix,
      /** Where the status page looks an application up (GET, Authorization: Bearer <secret>). */
      statusPath: status.path,
      uploadsPath: uploads.prefix,
      uploadsFolder: uploads.folder,
      sweepUploads: uploads.sweep,
      /** The programme whose rules the receiver applied at start: its title and config.json's digest. */
      programme: { title: started.title, digest: started.digest, requestUrl: started.rules.requestUrl },
      /** The origins besides the page's own that may send applications (CORS_ORIGINS). */
      allowedOrigins: [...allowedOrigins],
      /** Where challenges are answered (`{ "required": false }` there while proof of work is off). */
      challengePath: proofs.path,
      /** What TRUST_PROXY and PUBLIC_ORIGIN make of the requests, for the start-up log. */
      proxy: trust.description,
      /** Wakes the mail outbox: a status row was written outside a PUT (the CLI's decisions go through the admin door). */
      nudgeMail: mailRoom.nudge,
      close: () => teardown.close(),
    };
  } catch (error) {
    await teardown.close();
    throw error;
  }
}
