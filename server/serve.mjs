// `npm start`: serves dist/ on http://127.0.0.1:4173 and receives applications at the default
// programme's requestUrl (/api/applications), keeping them in ./data (PGlite) or, with
// DATABASE_URL, in PostgreSQL. Environment: HOST, PORT, DATA_DIR, DATABASE_URL, CORS_ORIGINS,
// RECEIVER_PATH, WEBHOOK_URL, WEBHOOK_SECRET, WEBHOOK_TIMEOUT_MS (docs/receiver.md). Logs name applications by id only, never their content.
import { fileURLToPath } from 'node:url';
import { startServer } from './start-server.mjs';
import { isPlainTextToAnotherMachine, webhookSettings } from './webhooks/webhook-settings.mjs';

const root = process.env.DIST_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));

/** @param {string} line */
const log = (line) => {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
};

try {
  const webhooks = webhookSettings(process.env);
  if (webhooks && isPlainTextToAnotherMachine(webhooks.url)) log(`warning: WEBHOOK_URL is http://, so applications cross the network unencrypted to ${webhooks.url.host}; use https://`);
  const server = await startServer({
    root,
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 4173),
    dataDir: process.env.DATA_DIR ?? 'data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    corsOrigins: process.env.CORS_ORIGINS,
    receiverPathOverride: process.env.RECEIVER_PATH || undefined,
    webhooks,
    log,
  });
  log(`Creator partnership wizard: ${server.url}/ (applications: PUT ${server.path}, stored in ${server.store.kind === 'embedded' ? `PGlite, ${process.env.DATA_DIR ?? 'data'}` : 'PostgreSQL'})`);
  log(webhooks ? `Webhooks: each application and revision is POSTed to ${webhooks.url.origin}${webhooks.url.pathname}, signed` : 'Webhooks: off (set WEBHOOK_URL and WEBHOOK_SECRET to be told of each application)');
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
