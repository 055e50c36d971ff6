// `npm start`: serves dist/ on http://127.0.0.1:4173 and receives applications at the default
// programme's requestUrl (/api/applications), keeping them in ./data (PGlite) or, with
// DATABASE_URL, in PostgreSQL. Environment: HOST, PORT, DATA_DIR, DATABASE_URL, CORS_ORIGINS,
// RECEIVER_PATH (docs/receiver.md). Logs name applications by id only, never their content.
import { fileURLToPath } from 'node:url';
import { startServer } from './start-server.mjs';

const root = process.env.DIST_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));

/** @param {string} line */
const log = (line) => {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
};

try {
  const server = await startServer({
    root,
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 4173),
    dataDir: process.env.DATA_DIR ?? 'data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    corsOrigins: process.env.CORS_ORIGINS,
    receiverPathOverride: process.env.RECEIVER_PATH || undefined,
    log,
  });
  log(`Creator partnership wizard: ${server.url}/ (applications: PUT ${server.path}, stored in ${server.store.kind === 'embedded' ? `PGlite, ${process.env.DATA_DIR ?? 'data'}` : 'PostgreSQL'})`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
