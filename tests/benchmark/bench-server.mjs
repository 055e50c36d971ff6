// A served copy of the build for the benchmark: the project's own server (server/app-server.mjs)
// over a private copy whose config.json may be edited, an application endpoint that accepts
// everything, and sinks for the analytics and error-reporting hosts that record their calls.
import { cp, readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { URL } from 'node:url';
import { createAppServer, readBody } from '../../server/app-server.mjs';
import { programmeDigest } from '../../server/programme/programme-digest.mjs';
import { createProgrammePages } from '../../server/programme/programme-pages.mjs';

/**
 * The programme pages are given, as `npm start` gives it (server/programme/programme-source.mjs, without
 * the store that records programmes for the receiver): config.json's text and the receiver's
 * rules for it, which index.html, the manifest and config.json are served with.
 * @param {string} root
 */
function servedProgramme(root) {
  /** @type {import('../../server/programme/programme-source.mjs').Programme | null} */
  let last = null;
  return async () => {
    const text = await readFile(join(root, 'config.json'), 'utf8');
    if (last?.text !== text) {
      const { receiverRules } = /** @type {{ receiverRules: (config: unknown) => import('../../src/config/receiver-rules.ts').ReceiverRules }} */ (
        await import(new URL('../../server/build/receiver-rules.mjs', import.meta.url).href)
      );
      const rules = receiverRules(JSON.parse(text));
      if (!rules.ok) throw new Error(`the benchmark's config.json is refused: ${rules.problems.map((problem) => problem.path).join(', ')}`);
      last = { digest: programmeDigest(text), title: '', text, rules };
    }
    return last;
  };
}

/** Where the benchmark's configurations point analytics and error reporting on the local server. */
export const TELEMETRY_PATHS = Object.freeze({ analytics: '/ingest', errorReporting: '/api/1/' });

/**
 * @typedef {object} BenchServer
 * @property {string} url     the origin, without a trailing slash
 * @property {string} root    the served copy
 * @property {Array<{ path: string, at: number }>} telemetryCalls analytics and error-reporting requests, by wall-clock time
 * @property {() => Promise<void>} close
 */

/**
 * Copies the build to `root` and serves it on a free port; `editConfig` may change the copy's
 * config.json, knowing the server's origin. `staticHost`: the files as built, as any static host
 * serves them, without `npm start`'s rewriting of index.html for the config.json served.
 * @param {{ dist: string, root: string, editConfig?: (config: Record<string, unknown>, origin: string) => void, staticHost?: boolean }} options
 * @returns {Promise<BenchServer>}
 */
export async function startBenchServer({ dist, root, editConfig, staticHost = false }) {
  await cp(dist, root, { recursive: true });
  /** @type {BenchServer['telemetryCalls']} */
  const telemetryCalls = [];
  const server = createAppServer({
    root,
    rewrite: staticHost ? undefined : createProgrammePages(await realpath(root), servedProgramme(root)),
    async api({ req, res }) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path.startsWith('/api/applications')) {
        await readBody(req);
        res.writeHead(req.method === 'PUT' ? 201 : 405, { 'Content-Type': 'application/json' }).end('{}');
        return true;
      }
      if (path.startsWith(TELEMETRY_PATHS.analytics) || path.startsWith(TELEMETRY_PATHS.errorReporting)) {
        telemetryCalls.push({ path, at: Date.now() });
        await readBody(req);
        // posthog may ask its host for extension scripts: an empty one keeps the console quiet.
        const script = path.endsWith('.js');
        res.writeHead(200, { 'Content-Type': script ? 'text/javascript' : 'application/json', 'Access-Control-Allow-Origin': '*' }).end(script ? '' : '{}');
        return true;
      }
      return false;
    },
  });
  await new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(undefined);
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the benchmark server has no port');
  const url = `http://127.0.0.1:${String(address.port)}`;
  if (editConfig) {
    const configPath = join(root, 'config.json');
    const config = /** @type {Record<string, unknown>} */ (JSON.parse(await readFile(configPath, 'utf8')));
    editConfig(config, url);
    await writeFile(configPath, JSON.stringify(config, null, 2));
  }
  return {
    url,
    root,
    telemetryCalls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Points analytics and error reporting of a configuration at the benchmark server's sinks. */
export function withTelemetry(/** @type {Record<string, unknown>} */ config, /** @type {string} */ origin) {
  const host = new URL(origin);
  config.analytics = { host: `${origin}${TELEMETRY_PATHS.analytics}`, key: 'phc_benchmark' };
  // A Sentry DSN is protocol://publicKey@host/projectId; its envelopes go to /api/<projectId>/envelope/.
  config.errorReporting = { dsn: `${host.protocol}//benchmark@${host.host}/1` };
}
