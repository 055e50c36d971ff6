import { pathnameOf } from '../http/request-context.mjs';
import { answered, crossOrigin, refusal } from '../http/respond.mjs';
import { TUS_EXPOSED_HEADERS, TUS_REQUEST_HEADERS, TUS_VERSION } from './tus-protocol.mjs';

/**
 * The uploads' routes of a PostgreSQL deployment without UPLOADS_DIR, whose programme asked for no
 * file when it started: one edited since to ask for files is told why none can be uploaded (503,
 * and a log line at most once an hour) rather than have its files scattered over instances.
 * @param {{ prefix: string, allowedOrigins: ReadonlySet<string>, log: (line: string) => void }} options
 */
export function uploadsWithoutFolder({ prefix, allowedOrigins, log }) {
  let loggedAt = -Infinity;
  return {
    /**
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     * @returns {Promise<boolean>}
     */
    async answer(ctx) {
      const path = pathnameOf(ctx);
      if (path !== prefix && !path.startsWith(`${prefix}/`)) return false;
      if (path !== prefix) ctx.logPath = `${prefix}/:id`;
      if (performance.now() - loggedAt > 3600_000) {
        loggedAt = performance.now();
        log('uploads: refused, since this receiver has no UPLOADS_DIR (required with DATABASE_URL once the programme asks for files): set it and restart');
      }
      return answered(ctx, () => {
        const cors = crossOrigin(ctx, allowedOrigins, {
          methods: 'POST, HEAD, PATCH, DELETE',
          requestHeaders: TUS_REQUEST_HEADERS,
          exposeHeaders: TUS_EXPOSED_HEADERS,
          refusedMessage: 'This origin may not upload files here.',
        });
        if (cors.preflighted) return Promise.resolve();
        ctx.headers = { ...cors.headers, 'Tus-Resumable': TUS_VERSION };
        throw refusal(503, 'no uploads folder', 'Files cannot be uploaded to this receiver yet.', { 'Retry-After': '3600' });
      });
    },
    sweep: () => Promise.resolve({ incomplete: 0, unbound: 0 }),
    close: () => Promise.resolve(),
  };
}
