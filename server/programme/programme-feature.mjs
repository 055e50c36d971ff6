// The programme room, as the start composes it: config.json read and recorded as it is edited
// (programme-source.mjs), the receiver's path it names and that path's moves (receiver-moves.mjs),
// and the pages given the programme the receiver applies (programme-pages.mjs).
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathnameOf } from '../http/request-context.mjs';
import { createProgrammePages } from './programme-pages.mjs';
import { createProgrammeSource } from './programme-source.mjs';
import { createReceiverMoves } from './receiver-moves.mjs';

export const DEFAULT_RECEIVER_PATH = '/api/applications';

/**
 * @param {string | null} requestUrl
 * @returns {requestUrl is string} a path on this server, not another host's URL nor none
 */
function isLocalPath(requestUrl) {
  return requestUrl !== null && requestUrl.startsWith('/') && !requestUrl.startsWith('//');
}

/**
 * The receiver's path: RECEIVER_PATH, else the programme's requestUrl when it is a path on this server.
 * @param {string | null} requestUrl
 * @param {string | undefined} override
 */
export function receiverPath(requestUrl, override) {
  if (override) return override;
  if (isLocalPath(requestUrl)) return new URL(requestUrl, 'http://localhost').pathname;
  return DEFAULT_RECEIVER_PATH;
}

/**
 * The programme's file fields (ReceiverRules.fileFields); none from a build whose rules predate them.
 * @param {object} rules
 * @returns {import('../uploads/accepts-type.mjs').FileFieldRules[]}
 */
export function fileFieldsOf(rules) {
  return /** @type {{ fileFields?: import('../uploads/accepts-type.mjs').FileFieldRules[] }} */ (rules).fileFields ?? [];
}

/**
 * @param {{
 *   root: string, store: import('../store/store-types.mjs').Store, log: (line: string) => void,
 *   rulesFor: (config: unknown) => import('../../src/config/receiver-rules.ts').ReceiverRules,
 *   receiverPathOverride: string | undefined,
 *   objection: (rules: import('./programme-source.mjs').ValidRules) => string | null,
 * }} options objection: why an edit cannot be applied here (programme-source.mjs)
 */
export async function createProgrammeFeature({ root, store, log, rulesFor, receiverPathOverride, objection }) {
  /** @type {Awaited<ReturnType<typeof createReceiverMoves>> | null} set once the start's programme is known; its first reading sees any change before */
  let moves = null;
  let path = DEFAULT_RECEIVER_PATH;
  const programmes = await createProgrammeSource({
    root,
    rulesFor,
    store,
    log,
    objection,
    // Called on a later request, once `path` and `moves` below are set, before any page is given the programme.
    onChange(programme, replaced) {
      if (programme.rules.requestUrl === null && replaced.rules.requestUrl !== null) {
        log(
          `Note: config.json's requestUrl is now null, so pages given it send nothing and keep nothing (a programme that sends nothing on purpose); set "requestUrl": "${path}" again for this receiver to keep applications`,
        );
        return;
      }
      moves?.moved(programme.rules.requestUrl, replaced.rules.requestUrl);
    },
  });
  const started = programmes.started;
  path = receiverPath(started.rules.requestUrl, receiverPathOverride);
  const receiverMoves = await createReceiverMoves({
    startPath: path,
    // RECEIVER_PATH fixes the path whatever the programme says; a requestUrl on another host or none sends nowhere here.
    pathOf: (requestUrl) => (receiverPathOverride || !isLocalPath(requestUrl) ? null : receiverPath(requestUrl, undefined)),
    recentRequestUrls: () => programmes.recentRequestUrls(),
    log,
  });
  moves = receiverMoves;
  return {
    /** The programme applied at start. */
    started,
    /** Where applications are received (the other rooms' paths are under it). */
    path,
    programmes,
    /** The file fields of the programme applied now. */
    fileFields: async () => fileFieldsOf((await programmes.current()).rules),
    // Pages are given the programme the receiver applies: the last valid one config.json held.
    rewrite: createProgrammePages(await realpath(resolve(root)), () => programmes.current()),
    servedConfig: async () => {
      const programme = await programmes.current();
      return { version: programme.digest, text: () => Promise.resolve(programme.text) };
    },
    /**
     * Notes, before any room answers, where an edit moved the receiver.
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     */
    async route(ctx) {
      // A PUT may come to a path an edit gave before this server served it (another instance did):
      // the file is looked at first (a stat), so a moved requestUrl is answered at once. Not for the
      // started path, which is answered whatever the file says: a stat before every application
      // cost a quarter of the receiver's throughput (bench:receiver).
      if ((ctx.req.method === 'PUT' || ctx.req.method === 'OPTIONS') && pathnameOf(ctx) !== path) await programmes.current();
      receiverMoves.route(ctx);
    },
  };
}
