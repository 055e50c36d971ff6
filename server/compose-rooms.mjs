// The feature rooms of one receiver and how they talk to each other. The programme comes first:
// its rules say which files are asked for and its requestUrl where the receiver listens, and proof
// of work, the uploads, the receiver, the drafts and the status lookup all live under that path.
// A room imports another only where SERVER_LAYERS lets it (eslint.config.js), because the data
// does; everything else one room needs of another is handed in here: the receiver is given the
// status links and a nudge for the webhooks' and mail's outboxes, not their modules, and the inbox
// the team's guard. The start (start-server.mjs) makes the process's parts first (the data folder's
// lock, the store, the rate limits) and listens once these are made.
//
// Each room that holds something adds its close to the start's teardown as it is made, so a room
// that fails to start gives back every room made before it, and the start's own parts after them.
import { createApplicationsFeature } from './applications/applications-feature.mjs';
import { backupAdmin } from './backup/backup-admin.mjs';
import { createDraftsFeature } from './drafts/drafts-feature.mjs';
import { DEFAULT_DRAFT_SECONDS } from './drafts/drafts-in-transit.mjs';
import { createHealth } from './health/health.mjs';
import { answerAdminNotHere } from './http/admin-door.mjs';
import { parseJson } from './http/parse-json.mjs';
import { createInboxFeature } from './inbox/inbox-feature.mjs';
import { createAdmission } from './limits/admission.mjs';
import { createProofOfWork } from './limits/proof-of-work.mjs';
import { createMailFeature } from './mail/mail-feature.mjs';
import { createProgrammeFeature, fileFieldsOf } from './programme/programme-feature.mjs';
import { createStatusFeature } from './status/status-feature.mjs';
import { createTeamFeature } from './team/team-feature.mjs';
import { filesUnkeptHere } from './uploads/uploads-folder.mjs';
import { createUploadsFeature } from './uploads/uploads-feature.mjs';
import { createWebhooksFeature } from './webhooks/webhooks-feature.mjs';
import { mailTexts, programmeAnswersReader } from './wizard-rules.mjs';

/**
 * @typedef {Pick<import('./start-options.mjs').StartOptions,
 *   'receiverPathOverride' | 'webhooks' | 'webhookPollMs' | 'mail' | 'mailPollMs' | 'statusUrlFor' | 'proofOfWork' |
 *   'draftTtlSeconds' | 'retentionDays' | 'uploadsDir' | 'isUploadBound' | 'statusLinkKey' | 'team'>} RoomSettings
 *   the options of startServer that only the rooms read (start-options.mjs says what each is)
 * @typedef {{
 *   root: string, store: import('./store/store-types.mjs').Store, log: (line: string) => void,
 *   limits: import('./limits/limit-settings.mjs').LimitSettings, databaseUrl: string | undefined, folder: string,
 *   freeBytes: ((dir: string) => Promise<number>) | undefined,
 *   rulesFor: (config: unknown) => import('../src/config/receiver-rules.ts').ReceiverRules, draftIdPattern: RegExp,
 *   fromSource: boolean, allowedOrigins: ReadonlySet<string>, trust: import('./http/proxy-trust.mjs').ProxyTrust,
 *   rateLimits: import('./limits/rate-limits.mjs').RateLimits,
 *   diskFloor: ReturnType<typeof import('./limits/disk-floor.mjs').createDiskFloor> | null,
 * }} StartParts
 *   what the start has made of the process: folder: the data folder, resolved; fromSource: the rules
 *   came from src/ (wizard-rules.mjs); diskFloor: the embedded store's, null on PostgreSQL
 */

/**
 * Makes every feature room, adding each one's close to the teardown, and composes their endpoints.
 * @param {RoomSettings} settings
 * @param {StartParts} parts
 * @param {ReturnType<typeof import('./process/teardown.mjs').createTeardown>} teardown
 */
export async function composeRooms(settings, parts, teardown) {
  const { receiverPathOverride, webhooks = null, webhookPollMs, mail = null, mailPollMs, statusUrlFor, proofOfWork = null } = settings;
  const { draftTtlSeconds = DEFAULT_DRAFT_SECONDS, retentionDays = 0, uploadsDir, isUploadBound, statusLinkKey, team: teamOptions = {} } = settings;
  const { root, store, log, limits, databaseUrl, folder, freeBytes, rulesFor, draftIdPattern, fromSource, allowedOrigins, trust, rateLimits, diskFloor } =
    parts;
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
  const shared = { store, path, allowedOrigins, log, proofOfWork: proofs };
  const uploads = await createUploadsFeature({
    ...shared,
    dataDir: folder,
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
  const texts = mail ? await mailTexts({ fromSource }) : null;
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
  // A stored revision (the first one's `received`) or a decision may have written a status row,
  // and perhaps its e-mail and webhook: both outboxes look.
  const nudgeOutboxes = () => {
    webhookRoom.nudge();
    mailRoom.nudge();
  };
  const applications = createApplicationsFeature({
    ...shared,
    webhooks,
    admit: createAdmission({ rateLimits, diskFloor }),
    onStored: nudgeOutboxes,
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
    readAnswers: await programmeAnswersReader({ fromSource }),
    onDecided: nudgeOutboxes,
  });
  const health = createHealth({ store, diskFloor, log, uploads: uploads.readiness });
  return {
    programme,
    proofs,
    uploads,
    status,
    drafts,
    mail: mailRoom,
    /** Whether a request's path is a health probe, which the log and the counts leave out. */
    isProbe: health.isProbe,
    /**
     * A request for the rooms, asked of each in turn until one answers; last, the team's 404 for a
     * path under /team/api/ none took. False: no room's, so a static file.
     * @param {import('./http/request-context.mjs').RequestContext} ctx
     */
    async answer(ctx) {
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
    /** The admin endpoints, behind the loopback port's door (http/admin-door.mjs). */
    adminRoutes: [applications.admin, status.admin, backupAdmin({ store, uploadsFolder: uploads.folder }), webhookRoom.admin, mailRoom.admin, team.admin],
    /** Starts the outboxes' delivery, once the receiver listens and the lock says where. */
    async startOutboxes() {
      await webhookRoom.start();
      mailRoom.start();
    },
  };
}
