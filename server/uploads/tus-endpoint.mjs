// Resumable file uploads, tus 1.0 (https://tus.io/protocols/resumable-upload), at the uploads'
// prefix beside the applications' path (uploads-prefix.mjs; docs/receiver.md, "Uploads"):
//   OPTIONS <prefix>          the protocol's versions, extensions and largest size (and CORS preflights)
//   POST    <prefix>          creates an upload: Upload-Length, Upload-Metadata (filename, filetype,
//                             sha256, field) → 201, Location <prefix>/<id>
//   HEAD    <prefix>/<id>     → 200 Upload-Offset: the bytes stored, where the client resumes
//   PATCH   <prefix>/<id>     application/offset+octet-stream at Upload-Offset → 204 Upload-Offset,
//                             once every byte of it is on the disk (durable-file-store.mjs)
//   DELETE  <prefix>/<id>     withdraws an upload no application holds → 204
// @tus/server speaks the protocol (offsets, 409 on a wrong one, bodies bounded by Upload-Length,
// locks); this file decides, before a byte is read, whether a request is taken at all: the
// creation's length and metadata against the programme's file field (creation-checks.mjs), the
// client's share of requests and bytes and the disk's floor (uploads-budget.mjs), the proof of work
// on creation when it is on. An id is 32 random hexadecimal digits: holding it owns the upload, so
// it is never logged (the log shows `<prefix>/:id`). The server's connection and time limits, CORS
// origins and security headers apply as to every request.
import { MemoryLocker, Server } from '@tus/server';
import { pathnameOf } from '../http/request-context.mjs';
import { Refused, answered, crossOrigin, refusal } from '../http/respond.mjs';
import { singleHeader } from '../http/request-headers.mjs';
import { checkCreation } from './creation-checks.mjs';
import { DurableFileStore, bodyGuard, makeUploadsFolder } from './durable-file-store.mjs';
import { createPostgresUploadLocker } from './postgres-upload-locker.mjs';
import { finishInterruptedKeeps } from './interrupted-keeps.mjs';
import { keepWithoutLocation } from './kept-without-location.mjs';
import { createUploadsBudget } from './uploads-budget.mjs';
import { startUploadExpiry } from './upload-expiry.mjs';
import { UPLOAD_ID } from './stored-uploads.mjs';
import { TUS_EXPOSED_HEADERS, TUS_REQUEST_HEADERS, TUS_VERSION, protocolReason } from './tus-protocol.mjs';
import { uploadsWithoutFolder } from './uploads-without-folder.mjs';

/** The largest file any field may ask for (maxBytes ≤ 2 GiB, docs/configuration.md, "A file field"), told in Tus-Max-Size. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;
/**
 * @typedef {import('./accepts-type.mjs').FileFieldRules} FileFieldRules
 * @typedef {{
 *   prefix: string,
 *   folder: string | null,
 *   fileFields: () => readonly FileFieldRules[] | Promise<readonly FileFieldRules[]>,
 *   isBound: (id: string) => Promise<boolean>,
 *   limits: import('../limits/limit-settings.mjs').LimitSettings,
 *   databaseUrl?: string | undefined,
 *   allowedOrigins?: ReadonlySet<string>,
 *   proofOfWork?: { check: (req: import('node:http').IncomingMessage) => Promise<{ reason: string, body: unknown } | null> } | null,
 *   freeBytes?: (dir: string) => Promise<number>,
 *   expiryMs?: number,
 *   log?: (line: string) => void,
 * }} UploadsOptions
 *   folder: where the bytes go (uploads-folder.mjs), null on PostgreSQL without UPLOADS_DIR (every upload refused); fileFields: the current programme's file fields;
 *   isBound: whether an application holds the upload (upload-binding.mjs): it is then never expired nor withdrawn;
 *   databaseUrl: on PostgreSQL, uploads are locked there (postgres-upload-locker.mjs) and counted there;
 *   expiryMs: how long an upload may rest untouched (upload-expiry.mjs; a day)
 */

/**
 * Whether the request brings a body: a refusal then closes the connection rather than read it.
 * @param {import('node:http').IncomingMessage} req
 */
function hasBody(req) {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * The uploads' routes as an `api` handler of createAppServer, with the expiry of abandoned
 * uploads running; `close` stops it and frees the locks' connections.
 * @param {UploadsOptions} options
 */
export async function createUploads({
  prefix,
  folder,
  fileFields,
  isBound,
  limits,
  databaseUrl,
  allowedOrigins = new Set(),
  proofOfWork = null,
  freeBytes,
  expiryMs,
  log = () => undefined,
}) {
  if (folder === null) return uploadsWithoutFolder({ prefix, allowedOrigins, log });
  await makeUploadsFolder(folder);
  const datastore = new DurableFileStore({ directory: folder });
  const locker = databaseUrl ? await createPostgresUploadLocker({ databaseUrl, log }) : new MemoryLocker({ acquireLockTimeout: 10_000 });
  // Before any request: a photo whose keeping a stopped receiver left half done is finished or undone.
  const interrupted = await finishInterruptedKeeps(folder, locker);
  if (interrupted.finished + interrupted.undone > 0) {
    log(`uploads: ${String(interrupted.finished)} photo(s) whose location removal was cut by a stop finished, ${String(interrupted.undone)} left as they came`);
  }
  const budget = await createUploadsBudget({ limits, databaseUrl, folder, isBound, freeBytes, log }).catch(async (/** @type {unknown} */ error) => {
    if ('close' in locker) await locker.close();
    throw error;
  });
  const tus = new Server({
    path: prefix,
    datastore,
    locker,
    maxSize: MAX_UPLOAD_BYTES,
    // Relative: the page resolves it against the URL it posted to, whatever proxy stands between.
    relativeLocation: true,
    allowedOrigins: (origin) => allowedOrigins.has(origin),
    exposedHeaders: ['Retry-After', 'Upload-Expires'],
    // Once every byte is in, under the upload's lock (a DELETE waits): a photo is kept without its location.
    async onUploadFinish(_req, upload) {
      const lock = locker.newLock(upload.id);
      await lock.lock(AbortSignal.timeout(10_000), () => undefined);
      try {
        const outcome = await keepWithoutLocation(folder, upload.id);
        if (outcome === 'header unreadable') log("uploads: a JPEG's header could not be walked to its image, so nothing of it was removed");
      } catch (error) {
        log(`uploads: removing a photo's location failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await lock.unlock();
      }
      return {};
    },
    onResponseError(_req, error) {
      // The protocol's own refusals carry a status; anything else is a failure worth a line, and
      // its message (a server path: "EACCES … mkdir '/srv/uploads'") stays in the log, not the answer.
      if ('status_code' in error) return undefined;
      log(`uploads: a request failed: ${error.message}`);
      return { status_code: 500, body: "The file could not be kept: the receiver's log says why.\n" };
    },
  });
  const expiry = startUploadExpiry({ folder, store: datastore, locker, isBound, expiryMs, log });

  /** @param {import('../limits/admission.mjs').Refusal | null} refused */
  function refuseWith(refused) {
    if (refused) throw refusal(refused.status, refused.reason, refused.message, { 'Retry-After': String(refused.retryAfterSeconds) });
  }

  /**
   * Before a byte of a creation is read: its headers, the field's limits, the client's share, the
   * disk, the proof of work.
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   */
  async function admitCreation(ctx) {
    const header = (/** @type {string} */ name) => {
      const value = singleHeader(ctx.req, name);
      if (value === undefined) throw refusal(400, 'repeated upload header', `${name} must be sent once.`);
      return value ?? undefined;
    };
    const verdict = checkCreation(
      {
        uploadLength: header('upload-length'),
        deferLength: header('upload-defer-length'),
        uploadMetadata: header('upload-metadata'),
        concat: header('upload-concat'),
      },
      await fileFields(),
    );
    if ('refused' in verdict) throw refusal(verdict.refused.status, verdict.refused.reason, verdict.refused.message);
    refuseWith(await budget.admitCreation(ctx, verdict.accepted.length));
    const unproven = await proofOfWork?.check(ctx.req);
    if (unproven) throw new Refused(428, unproven.reason, unproven.body);
  }

  /**
   * Whether an application holds the upload: only a complete one can be (the application's checks
   * refuse an incomplete file), so a creator's Remove while it uploads never waits on the store.
   * @param {string} id
   */
  async function heldByApplication(id) {
    const upload = await datastore.getUpload(id).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset < upload.size) return false;
    return isBound(id);
  }

  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function route(ctx) {
    const { req } = ctx;
    const path = pathnameOf(ctx);
    const id = path === prefix ? null : path.slice(prefix.length + 1);
    const cors = crossOrigin(ctx, allowedOrigins, {
      methods: id === null ? 'POST' : 'HEAD, PATCH, DELETE',
      requestHeaders: TUS_REQUEST_HEADERS,
      exposeHeaders: TUS_EXPOSED_HEADERS,
      refusedMessage: 'This origin may not upload files here.',
    });
    if (cors.preflighted) return;
    ctx.headers = { ...cors.headers, 'Tus-Resumable': TUS_VERSION };
    // A refusal closes a connection whose body it did not read: draining it would be reading it.
    if (hasBody(req)) {
      ctx.res.on('finish', () => {
        if (ctx.refusal !== undefined && !req.complete) req.destroy();
      });
    }
    const allowed = id === null ? 'POST, OPTIONS' : 'HEAD, PATCH, DELETE, OPTIONS';
    if (!allowed.split(', ').includes(req.method ?? '')) throw refusal(405, 'method not allowed', `Only ${allowed} are accepted here.`, { Allow: allowed });
    if (id !== null && !UPLOAD_ID.test(id)) throw refusal(404, 'not an upload id', 'No such upload.');
    if (req.method !== 'OPTIONS') refuseWith(await budget.admitRequest(ctx));
    // tus 1.0 only: a client speaking another version is told which one is spoken here (412 with Tus-Version).
    if (req.method !== 'OPTIONS' && req.headers['tus-resumable'] !== TUS_VERSION) {
      const missing = req.headers['tus-resumable'] === undefined;
      throw refusal(
        412,
        missing ? 'tus version missing' : 'tus version not supported',
        `Send Tus-Resumable: ${TUS_VERSION}, the only version of tus spoken here.`,
        { 'Tus-Version': TUS_VERSION },
      );
    }
    if (req.method === 'POST') await admitCreation(ctx);
    /** @type {import('./uploads-budget.mjs').BodyReservation | null} */
    let body = null;
    if (req.method === 'PATCH' || (req.method === 'POST' && hasBody(req))) {
      // A chunked body announces no length: it is counted as it arrives rather than taken for 0 bytes.
      const announced = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
      const admitted = await budget.admitBody(announced !== null && Number.isSafeInteger(announced) && announced >= 0 ? announced : null);
      if ('refused' in admitted) refuseWith(admitted.refused);
      else body = admitted.body;
    }
    if (req.method === 'DELETE' && id !== null && (await heldByApplication(id)))
      throw refusal(403, 'upload bound to an application', 'This file belongs to an application sent already.');
    for (const [name, value] of Object.entries(cors.headers)) ctx.res.setHeader(name, value);
    const reservation = body;
    const guard = reservation && {
      /** @param {number} bytes */
      async arrived(bytes) {
        const refused = await reservation.arrived(bytes);
        if (refused) ctx.res.setHeader('Retry-After', String(refused.retryAfterSeconds));
        return refused === null;
      },
    };
    try {
      await (guard ? bodyGuard.run(guard, () => tus.handle(req, ctx.res)) : tus.handle(req, ctx.res));
    } finally {
      reservation?.end();
    }
    if (ctx.res.statusCode >= 400) ctx.refusal = protocolReason(req, ctx.res.statusCode);
  }

  return {
    /**
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     * @returns {Promise<boolean>} false for a request outside the prefix
     */
    async answer(ctx) {
      const path = pathnameOf(ctx);
      if (path !== prefix && !path.startsWith(`${prefix}/`)) return false;
      if (path !== prefix) ctx.logPath = `${prefix}/:id`;
      return answered(ctx, route);
    },
    /** Removes abandoned uploads now (the periodic turn's work). */
    sweep: () => expiry.sweep(),
    async close() {
      await expiry.stop();
      await budget.close();
      if ('close' in locker) await locker.close();
    },
  };
}
