// Health checks on the public port, for systemd, nginx, a load balancer or an orchestrator.
// GET /healthz: the process is alive and answering (200 whenever it answers at all: restart it
// when it does not). GET /readyz: it can take an application now: the store answers and takes
// writes (store-takes-writes.mjs), on the embedded store the data folder's disk is above its
// floor (DISK_FLOOR_MB), and, while the programme asks for files, the uploads folder can be
// written (uploads/uploads-readiness.mjs): 200, else 503 with the reason (send creators elsewhere meanwhile;
// their devices keep the applications and send them again). JSON, never cached, HEAD too.
// Neither is rate limited nor logged per request: a probe every few seconds would use up a
// share meant for creators and bury the log's real lines; a change of readiness is logged once.
// However many probes arrive, the store is asked at most once a second, so a flood of /readyz
// costs the store nothing more; a store that does not answer within 2 s is not ready.
import { pathnameOf } from '../http/request-context.mjs';
import { answer, refuse } from '../http/respond.mjs';
import { storeRefusesWrites } from '../store/store-takes-writes.mjs';

export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

/** @typedef {{ ready: true } | { ready: false, reason: string }} Readiness */

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store,
 *   diskFloor: { isUnder: () => Promise<boolean> } | null,
 *   uploads?: () => Promise<{ reason: string, detail: string } | null>,
 *   log?: (line: string) => void,
 *   cacheMs?: number,
 *   timeoutMs?: number,
 * }} options diskFloor: the embedded store's (disk-floor.mjs), null on PostgreSQL, whose disk is its server's;
 *   uploads: why files cannot be kept now, null while they can (uploads/uploads-readiness.mjs)
 */
export function createHealth({ store, diskFloor, uploads = () => Promise.resolve(null), log = () => undefined, cacheMs = 1000, timeoutMs = 2000 }) {
  /** @type {{ at: number, readiness: Promise<Readiness> } | null} */
  let last = null;
  /** The reason last logged, '' for ready (as at start: only a start not ready is logged). */
  let logged = '';

  /** @returns {Promise<Readiness>} */
  async function check() {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    /** @type {Promise<{ reason: string, detail: string }>} */
    const late = new Promise((resolveLate) => {
      timer = setTimeout(() => {
        resolveLate({ reason: `the store did not answer within ${String(timeoutMs / 1000)} s`, detail: 'timed out' });
      }, timeoutMs);
    });
    try {
      const refused = await Promise.race([storeRefusesWrites(store), late]);
      if (refused) {
        note(refused.reason, refused.detail);
        return { ready: false, reason: refused.reason };
      }
    } finally {
      clearTimeout(timer);
    }
    if (diskFloor && (await diskFloor.isUnder())) {
      const reason = "the data folder's disk is under its floor (DISK_FLOOR_MB)";
      note(reason, '');
      return { ready: false, reason };
    }
    const unready = await uploads();
    if (unready) {
      note(unready.reason, unready.detail);
      return { ready: false, reason: unready.reason };
    }
    note('', '');
    return { ready: true };
  }

  /**
   * Logs a change of readiness, once.
   * @param {string} reason '' for ready
   * @param {string} detail
   */
  function note(reason, detail) {
    if (reason === logged) return;
    logged = reason;
    log(
      reason === ''
        ? 'readiness: ready again (GET /readyz answers 200)'
        : `readiness: not ready, ${reason}${detail ? ` (${detail})` : ''}: GET /readyz answers 503`,
    );
  }

  /** The readiness, from a check at most cacheMs old; checks running at once share one. */
  function readiness() {
    const now = performance.now();
    if (!last || now - last.at >= cacheMs) last = { at: now, readiness: check() };
    return last.readiness;
  }

  return {
    readiness,
    /**
     * True for a request to a health path, which is neither counted nor logged (server-log.mjs).
     * @param {string} path
     */
    isProbe: (path) => path === LIVENESS_PATH || path === READINESS_PATH,
    /**
     * Answers GET or HEAD /healthz and /readyz; false for any other path.
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     * @returns {Promise<boolean>}
     */
    async answerHealth(ctx) {
      const path = pathnameOf(ctx);
      if (path !== LIVENESS_PATH && path !== READINESS_PATH) return false;
      if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') {
        refuse(ctx, 405, 'method not allowed', { error: 'Only GET and HEAD are answered here.' }, { Allow: 'GET, HEAD' });
        return true;
      }
      if (path === LIVENESS_PATH) {
        answer(ctx, 200, { status: 'alive' });
        return true;
      }
      const now = await readiness();
      if (now.ready) answer(ctx, 200, { status: 'ready' });
      else refuse(ctx, 503, 'not ready', { status: 'not ready', reason: now.reason }, { 'Retry-After': '5' });
      return true;
    },
  };
}
