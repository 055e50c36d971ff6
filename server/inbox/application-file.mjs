// GET /team/api/applications/<id>/files/<uploadId>: the bytes of a file bound to that application
// (application_files), streamed from the uploads folder, never read whole into memory. The file
// was typed by the receiver from its bytes (server/uploads/file-facts.mjs), and anyone on the
// internet chose them: so the type is the judged one and the browser may not guess another
// (nosniff); a photo of the types browsers show safely is shown (inline), anything else is
// downloaded (attachment), never rendered as a page of this origin; and should a browser render it
// anyway, the sandboxing CSP gives it no script, no origin and nothing to load.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { refusal } from '../http/respond.mjs';
import { uploadBytesPath } from '../uploads/stored-uploads.mjs';

/** The types shown inline: images every browser decodes as images, never as a document. */
const SHOWN = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

/**
 * A Content-Disposition with the creator's file name made safe: no control, bidi or separator
 * character, no quote; filename* carries it in UTF-8 (RFC 6266, RFC 8187), filename an ASCII copy.
 * @param {'inline' | 'attachment'} kind
 * @param {string} name
 */
export function disposition(kind, name) {
  const safe =
    Array.from(name.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\"]/gu, '_').trim())
      .slice(0, 120)
      .join('') || 'file';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (character) => `%${(character.codePointAt(0) ?? 0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {{ store: import('../store/store-types.mjs').Queryable, uploadsFolder: string | null, applicationId: string, uploadId: string }} asked
 */
export async function sendApplicationFile(ctx, { store, uploadsFolder, applicationId, uploadId }) {
  const notFound = refusal(404, 'no such file', 'not-found');
  if (uploadsFolder === null || !/^[0-9a-f]{32}$/.test(uploadId)) throw notFound;
  const { rows } = await store.query('SELECT name, type, size FROM application_files WHERE application_id = $1 AND upload_id = $2', [applicationId, uploadId]);
  const file = rows[0];
  if (!file) throw notFound;
  const path = uploadBytesPath(uploadsFolder, uploadId);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw notFound;
  const type = String(file.type);
  ctx.res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': String(info.size),
    'Content-Disposition': disposition(SHOWN.has(type) ? 'inline' : 'attachment', String(file.name)),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  });
  if (ctx.req.method === 'HEAD') {
    ctx.res.end();
    return;
  }
  // A client that goes away ends the stream; the error is its, not the file's.
  await pipeline(createReadStream(path), ctx.res).catch(() => undefined);
}
