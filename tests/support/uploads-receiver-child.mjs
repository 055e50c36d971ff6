// A receiver in a child process with file fields, for the uploads' tests that must kill it or
// trace it (spawnReceiver's `script`): server/serve.mjs's environment (DIST_DIR, DATA_DIR,
// DATABASE_URL, UPLOADS_DIR, PORT, HOST), the rules of server/build/ (`npm run build`) given the
// file fields of TEST_FILE_FIELDS (JSON) on top until the programme's own reach ReceiverRules.
import { DEFAULT_LIMITS } from '../../server/limits/limit-settings.mjs';
import { startServer } from '../../server/start-server.mjs';

/**
 * @param {string} file
 * @param {string} name
 * @returns {Promise<unknown>}
 */
async function fromBuild(file, name) {
  /** @type {unknown} */
  const module = await import(new URL(`../../server/build/${file}`, import.meta.url).href);
  return /** @type {Record<string, unknown>} */ (module)[name];
}

const rules = /** @type {(config: unknown) => import('../../src/config/receiver-rules.ts').ReceiverRules} */ (
  await fromBuild('receiver-rules.mjs', 'receiverRules')
);
const fileFields = /** @type {import('../../src/application/rules/file-fields.ts').FileFieldRules[]} */ (JSON.parse(process.env.TEST_FILE_FIELDS ?? '[]'));
const server = await startServer({
  root: process.env.DIST_DIR ?? 'dist',
  dataDir: process.env.DATA_DIR ?? 'data',
  databaseUrl: process.env.DATABASE_URL || undefined,
  uploadsDir: process.env.UPLOADS_DIR,
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
  receiverRules: (config) => {
    const read = rules(config);
    return read.ok ? { ...read, fileFields } : read;
  },
  draftId: /** @type {RegExp} */ (await fromBuild('draft-id.mjs', 'DRAFT_ID')),
  limits: { ...DEFAULT_LIMITS, rateWindows: [], draftRateWindows: [], uploadRateWindows: [] },
  log: (line) => process.stdout.write(`${line}\n`),
});
process.stdout.write(`Creator partnership wizard: ${server.url}/ (uploads: ${server.uploadsPath})\n`);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
