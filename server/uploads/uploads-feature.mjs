// The uploads room, as the start composes it: the folder files are kept in (uploads-folder.mjs),
// whether it can keep them now (uploads-readiness.mjs), and the tus endpoint under the receiver's
// path, loaded when there is something for it to do (uploads-when-asked.mjs).
import { uploadBinding } from './upload-binding.mjs';
import { uploadsFolderIfAsked } from './uploads-folder.mjs';
import { uploadsPrefix } from './uploads-prefix.mjs';
import { uploadsReadiness } from './uploads-readiness.mjs';
import { uploadsWhenAsked } from './uploads-when-asked.mjs';

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store, path: string, dataDir: string,
 *   databaseUrl: string | undefined, uploadsDir: string | undefined,
 *   limits: import('../limits/limit-settings.mjs').LimitSettings,
 *   freeBytes: ((dir: string) => Promise<number>) | undefined,
 *   allowedOrigins: ReadonlySet<string>,
 *   proofOfWork: Awaited<ReturnType<typeof import('../limits/proof-of-work.mjs').createProofOfWork>>,
 *   log: (line: string) => void,
 *   startFileFields: import('./accepts-type.mjs').FileFieldRules[],
 *   fileFields: () => Promise<import('./accepts-type.mjs').FileFieldRules[]>,
 *   isUploadBound: ((id: string) => Promise<boolean>) | undefined,
 * }} options path: the receiver's (uploads live under it); startFileFields: those of the programme
 *   applied at start, fileFields: those of the one applied now; isUploadBound: whether an application
 *   holds an upload (tests), else the store's application_files (upload-binding.mjs)
 */
export async function createUploadsFeature({
  store,
  path,
  dataDir,
  databaseUrl,
  uploadsDir,
  limits,
  freeBytes,
  allowedOrigins,
  proofOfWork,
  log,
  startFileFields,
  fileFields,
  isUploadBound,
}) {
  const env = { DATABASE_URL: databaseUrl, UPLOADS_DIR: uploadsDir };
  // A PostgreSQL deployment whose programme asks for files does not start without a shared folder.
  const folder = uploadsFolderIfAsked({ dataDir, env, fileFields: startFileFields });
  const prefix = uploadsPrefix(path);
  const uploads = await uploadsWhenAsked({
    prefix,
    folder,
    asksForFiles: startFileFields.length > 0,
    start: async () =>
      (await import('./tus-endpoint.mjs')).createUploads({
        prefix,
        folder,
        databaseUrl,
        limits,
        freeBytes,
        allowedOrigins,
        proofOfWork,
        log,
        fileFields,
        isBound: isUploadBound ?? uploadBinding(store),
      }),
  });
  return {
    /** Where files are uploaded (tus 1.0): POST here, then HEAD, PATCH, DELETE this path + `/` + the upload's id. */
    prefix,
    /** The folder that holds uploaded files (DATA_DIR/uploads, or UPLOADS_DIR on PostgreSQL), null when none is kept. */
    folder,
    readiness: uploadsReadiness({ folder, shared: Boolean(databaseUrl), asksForFiles: async () => (await fileFields()).length > 0 }),
    /** @param {import('../http/request-context.mjs').RequestContext} ctx */
    answer: (ctx) => uploads.answer(ctx),
    /** Removes abandoned uploads now, as the hourly turn does. */
    sweep: () => uploads.sweep(),
    close: () => uploads.close(),
  };
}
