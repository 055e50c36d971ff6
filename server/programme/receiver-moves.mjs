// A `requestUrl` moved on a running server (config.json edited from /api/applications to
// /api/apply) is answered at once on its new path, and on the old one for as long as pages opened
// before the edit may still send from it: the 30 days a previous programme's applications are
// accepted (programme-source.mjs). Until now the receiver answered only where it started, so a
// page given the edit got 405 until a restart, and the applications sent meanwhile stayed on
// devices.
//
// The receiver, its drafts (`…/drafts/{id}`) and its challenge (`…/challenge`) are built once, on
// the path the server started on. Every other path a recent programme sends to is an alias of it:
// a request there is answered as if it were sent to the started path (its log line still shows the
// path it was sent to, a draft's id aside). The paths come from the programmes the store recorded
// (the `programmes` table), so they are durable across restarts and shared by every instance on
// one PostgreSQL; a path no programme of the last 30 days sends to stops being answered.
//
// Only what the receiver itself answers is aliased: PUT and its CORS preflight on the path itself
// (a GET of an old path is a page again, as it was), and, when the move changed the folder, its
// drafts and challenge beside it.
import { draftsPrefix } from '../drafts/drafts-in-transit.mjs';
import { pathnameOf } from '../http/request-context.mjs';
import { challengePath } from '../limits/proof-of-work.mjs';

/** How often the paths are read again from the store, so that one older than 30 days stops being answered. */
const REREAD_MS = 60 * 60 * 1000;

/**
 * @param {{
 *   startPath: string,
 *   pathOf: (requestUrl: string | null) => string | null,
 *   recentRequestUrls: () => Promise<Array<string | null>>,
 *   log?: (line: string) => void,
 *   nowMs?: () => number,
 * }} options
 *   startPath: where the receiver was built to answer;
 *   pathOf: the path on this server a requestUrl sends to (null: another host, none, or a fixed RECEIVER_PATH);
 *   recentRequestUrls: the current programme's and those of the last 30 days (programme-source.mjs)
 */
export async function createReceiverMoves({ startPath, pathOf, recentRequestUrls, log = () => undefined, nowMs = Date.now }) {
  /** @type {Set<string>} paths answered as startPath, startPath itself left out */
  let aliases = new Set();
  let readAt = 0;
  /** @type {Promise<void> | null} */
  let reading = null;

  async function read() {
    /** @type {Set<string>} */
    const paths = new Set();
    for (const requestUrl of await recentRequestUrls()) {
      const path = pathOf(requestUrl);
      if (path !== null && path !== startPath) paths.add(path);
    }
    aliases = paths;
    readAt = nowMs();
  }
  await read();
  if (aliases.size > 0) log(`Receiver: also answering at ${[...aliases].join(', ')}, where pages of the last 30 days send applications (requestUrl moved)`);

  /** @param {string} pathname */
  function aliasFor(pathname, method = 'PUT') {
    for (const alias of aliases) {
      if (pathname === alias) return method === 'GET' || method === 'HEAD' ? null : startPath;
      const challenge = challengePath(alias);
      if (pathname === challenge && challenge !== challengePath(startPath)) return challengePath(startPath);
      const drafts = draftsPrefix(alias);
      if (pathname.startsWith(drafts) && drafts !== draftsPrefix(startPath)) return `${draftsPrefix(startPath)}${pathname.slice(drafts.length)}`;
    }
    return null;
  }

  return {
    /**
     * A programme now applies whose requestUrl may be another path: answered from this moment,
     * before any page is given the programme (programme-source.mjs calls onChange first).
     * @param {string | null} requestUrl
     * @param {string | null} previousRequestUrl
     */
    moved(requestUrl, previousRequestUrl) {
      const path = pathOf(requestUrl);
      if (path === null || path === startPath || aliases.has(path)) return;
      aliases = new Set([...aliases, path]);
      const before = pathOf(previousRequestUrl) ?? startPath;
      log(`Receiver: requestUrl moved to ${path}: answered there from now on, and at ${before} too for pages opened before the edit (30 days)`);
    },
    /**
     * Points a request sent to an alias at the started path, so the receiver, drafts and challenge
     * built there answer it; leaves any other request alone.
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     */
    route(ctx) {
      if (nowMs() - readAt > REREAD_MS) {
        reading ??= read()
          .catch(() => undefined)
          .finally(() => {
            reading = null;
          });
      }
      if (aliases.size === 0) return;
      const pathname = pathnameOf(ctx);
      const target = aliasFor(pathname, ctx.req.method);
      if (target === null) return;
      // The log shows the path the page sent to; a draft's path is shown by the drafts' handler, without its id.
      if (!target.includes('/drafts/')) ctx.logPath = pathname;
      const url = ctx.req.url ?? '/';
      const query = url.indexOf('?');
      ctx.req.url = `${target}${query >= 0 ? url.slice(query) : ''}`;
    },
    /** The paths answered besides the started one. */
    get paths() {
      return [...aliases];
    },
  };
}
