// What startServer (start-server.mjs) takes: `npm start` reads each from the environment
// (serve.mjs, docs/receiver.md), the tests and `npm run dev` hand them in.

/**
 * @typedef {{
 *   root: string, host?: string, port?: number, dataDir?: string, databaseUrl?: string | undefined,
 *   corsOrigins?: string | undefined, receiverPathOverride?: string | undefined,
 *   trustProxy?: string | undefined, publicOrigin?: string | undefined,
 *   receiverRules?: (config: unknown) => import('../src/config/receiver-rules.ts').ReceiverRules,
 *   draftId?: RegExp,
 *   webhooks?: import('./webhooks/webhook-settings.mjs').WebhookSettings | null,
 *   webhookPollMs?: number,
 *   mail?: import('./mail/mail-settings.mjs').MailSettings | null,
 *   mailPollMs?: number,
 *   statusUrlFor?: (applicationId: string, pageOrigin: string) => Promise<string>,
 *   proofOfWork?: import('./limits/proof-of-work.mjs').ProofOfWorkSettings | null,
 *   limits?: import('./limits/limit-settings.mjs').LimitSettings,
 *   freeBytes?: (dir: string) => Promise<number>,
 *   adminPort?: number,
 *   draftTtlSeconds?: number,
 *   retentionDays?: number,
 *   uploadsDir?: string | undefined,
 *   isUploadBound?: (id: string) => Promise<boolean>,
 *   statusLinkKey?: string | undefined,
 *   team?: {
 *     sessions?: import('./team/team-settings.mjs').TeamSessionSettings, now?: () => Date,
 *     signInWindows?: import('./team/team-feature.mjs').SignInWindows, signInFloorMs?: number,
 *     oidc?: import('./team/oidc-settings.mjs').OidcSettings | null,
 *   },
 *   log?: (line: string) => void,
 *   logRequest?: (entry: import('./log/server-log.mjs').RequestEntry) => void,
 * }} StartOptions
 *   root: the built app (dist/); webhooks: where to POST each stored revision (webhook-settings.mjs), null for none;
 *   mail: the SMTP server and sender of the creator's e-mails (mail/mail-settings.mjs), null for none;
 *   statusUrlFor: an application's status link, which the e-mails carry (the status room's unless a test gives its own);
 *   log: messages; logRequest: a line per request (log/server-log.mjs);
 *   trustProxy, publicOrigin: TRUST_PROXY and PUBLIC_ORIGIN, behind a reverse proxy (http/proxy-trust.mjs);
 *   limits: what a client may send and hold (limit-settings.mjs); freeBytes: the free space of
 *   DATA_DIR (disk-floor.mjs, injectable for tests); adminPort: the loopback admin server's port (0: any);
 *   receiverRules, draftId: the wizard's rules and its rule for a draft's id, from src/ (tests, `npm run dev`), else server/build/;
 *   draftTtlSeconds: how long a draft in transit is kept when its PUT names no time (drafts-table.mjs);
 *   retentionDays: RETENTION_DAYS, what is older is erased at start and daily (retention-schedule.mjs), 0: never;
 *   uploadsDir: UPLOADS_DIR, where uploaded files live with DATABASE_URL (uploads-folder.mjs);
 *   isUploadBound: whether an application holds an upload (tests), else the store's application_files (upload-binding.mjs);
 *   statusLinkKey: STATUS_LINK_KEY, the key status links are derived from (server/status/status-link-key.mjs);
 *   team: the team's sessions (TEAM_SESSION_IDLE_MINUTES, TEAM_SESSION_MAX_HOURS: team/team-settings.mjs),
 *   single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: team/oidc-settings.mjs),
 *   and for tests a clock, the sign-in rate windows and the sign-in answer's floor (team/team-feature.mjs);
 *   mail: SMTP_URL is set, so each status the creator is told of waits in the mail outbox
 */

export {};
