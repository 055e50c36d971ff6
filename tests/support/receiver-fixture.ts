/**
 * A receiver for tests, started in this process as `npm start` starts it (server/start-server.mjs)
 * on port 0, on an embedded store in a temporary folder or on a PostgreSQL database, with the
 * wizard's rules taken straight from src/ (the TypeScript the server's bundle is made from).
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { receiverRules } from '../../src/config/receiver-rules';
import { DEFAULT_LIMITS, type LimitSettings } from '../../server/limits/limit-settings.mjs';
import { startServer } from '../../server/start-server.mjs';
import { preparedDataDir } from './prepared-data-dir';
import type { RequestEntry } from '../../server/log/server-log.mjs';
import type { MailSettings } from '../../server/mail/mail-settings.mjs';
import type { WebhookSettings } from '../../server/webhooks/webhook-settings.mjs';
import type { ProofOfWorkSettings } from '../../server/limits/proof-of-work.mjs';
import type { StartOptions } from '../../server/start-options.mjs';

export type StartedReceiver = Awaited<ReturnType<typeof startServer>> & { root: string; dataDir: string };

const CONFIG = fileURLToPath(new URL('../../public/config.json', import.meta.url));

/** A folder standing in for dist/: the default programme's config.json and a tiny index.html. */
export async function servedRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'receiver-root-'));
  await cp(CONFIG, join(root, 'config.json'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>test</title>');
  return root;
}

export async function startTestReceiver(
  options: {
    databaseUrl?: string;
    dataDir?: string;
    corsOrigins?: string;
    webhooks?: WebhookSettings;
    webhookPollMs?: number;
    log?: (line: string) => void;
    logRequest?: (entry: RequestEntry) => void;
    proofOfWork?: ProofOfWorkSettings;
    limits?: Partial<LimitSettings>;
    freeBytes?: (dir: string) => Promise<number>;
    trustProxy?: string;
    host?: string;
    publicOrigin?: string;
    statusLinkKey?: string;
    mail?: MailSettings | null;
    team?: StartOptions['team'];
  } = {},
): Promise<StartedReceiver> {
  const root = await servedRoot();
  // A store already made, unless the test gives its own folder or uses PostgreSQL (prepared-data-dir.ts).
  const dataDir = options.dataDir ?? (options.databaseUrl ? await mkdtemp(join(tmpdir(), 'receiver-data-')) : await preparedDataDir());
  const server = await startServer({
    root,
    port: 0,
    dataDir,
    databaseUrl: options.databaseUrl,
    corsOrigins: options.corsOrigins,
    receiverRules,
    webhooks: options.webhooks ?? null,
    webhookPollMs: options.webhookPollMs,
    log: options.log,
    logRequest: options.logRequest,
    proofOfWork: options.proofOfWork ?? null,
    // Most tests send many applications from one address, measuring the store: no rate limit
    // unless a test asks for one (rate-limits.node.test.ts).
    limits: { ...DEFAULT_LIMITS, rateWindows: [], draftRateWindows: [], ...options.limits },
    freeBytes: options.freeBytes,
    trustProxy: options.trustProxy,
    ...(options.host ? { host: options.host } : {}),
    publicOrigin: options.publicOrigin,
    statusLinkKey: options.statusLinkKey,
    mail: options.mail,
    team: options.team,
  });
  return { ...server, root, dataDir };
}

export async function stopTestReceiver(receiver: StartedReceiver, { keepData = false } = {}): Promise<void> {
  await receiver.close();
  await rm(receiver.root, { recursive: true, force: true });
  if (!keepData) await rm(receiver.dataDir, { recursive: true, force: true });
}
