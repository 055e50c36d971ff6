// The uploads' endpoint, loaded when there is something for it to do. @tus/server, its file store
// and their dependencies are several megabytes of a receiver's resident memory (measured: about
// 5 MB of a 160 MB budget, docs/receiver.md "Memory"), and most programmes ask for no file. So the
// machinery starts at once only where it has work: a programme with a file field, or uploads left
// in the folder by an earlier run (their expiry must go on); otherwise at the first request under
// the uploads' prefix (a programme edited live to ask for files is answered at once all the same).
import { readdir } from 'node:fs/promises';
import { pathnameOf } from '../http/request-context.mjs';

/**
 * @typedef {{ answer: (ctx: import('../http/request-context.mjs').RequestContext) => Promise<boolean>, sweep: () => Promise<{ incomplete: number, unbound: number }>, close: () => Promise<void> }} Uploads
 */

/** @param {string | null} folder */
async function holdsUploads(folder) {
  if (folder === null) return false;
  try {
    return (await readdir(folder)).length > 0;
  } catch {
    return false;
  }
}

/**
 * @param {{ prefix: string, folder: string | null, asksForFiles: boolean, start: () => Promise<Uploads> }} options
 *   start: loads and starts the endpoint (tus-endpoint.mjs's createUploads)
 * @returns {Promise<Uploads>}
 */
export async function uploadsWhenAsked({ prefix, folder, asksForFiles, start }) {
  /** @type {Promise<Uploads> | null} */
  let started = asksForFiles || (await holdsUploads(folder)) ? start() : null;
  if (started) await started;
  // A start that failed (the locks' database unreachable) is tried again at the next request, not kept failed.
  const running = () =>
    (started ??= start().catch((/** @type {unknown} */ error) => {
      started = null;
      throw error;
    }));
  return {
    async answer(ctx) {
      const path = pathnameOf(ctx);
      if (path !== prefix && !path.startsWith(`${prefix}/`)) return false;
      return (await running()).answer(ctx);
    },
    async sweep() {
      return started ? (await started).sweep() : { incomplete: 0, unbound: 0 };
    },
    async close() {
      if (started) await (await started).close();
    },
  };
}
