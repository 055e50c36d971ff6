// The receiver's checks of the files an application's PUT names (docs/receiver.md, "Files of
// applications"), after the programme's rules passed (the body's shape: keys asked, counts, id and
// hash formats) and before anything is stored. Each file listed in `files` must be an upload of
// this receiver's folder that:
//   is complete, every declared byte on disk                                  else 'file-incomplete'
//   is bound to no other application, was created for this field with this
//   SHA-256, and holds bytes of that SHA-256                                  else 'file-not-own'
//   is no larger than the field's maxBytes                                    else 'file-too-large'
//   has a type, judged from its bytes (file-facts.mjs), the field accepts     else 'file-type'
//   if an image, claims no edge past MAX_IMAGE_EDGE pixels                   else 'file-dimensions'
// each refused as 422 { path: "files.<key>[i]", rule } (i: the file's place among that key's).
// The files that pass come back with their facts, for the store to bind in the transaction that
// stores the body (applications/applications-table.mjs); a PUT naming an upload another application bound a
// moment before is refused there, by the same rule.
//
// Hashing a large file is the slow part: a file already bound to this application (a replay, a
// new revision) takes its facts from its binding, and the facts of a complete upload are kept in
// memory for a while, so a PUT retried after a refusal of another file, or a 503, reads no byte again.
import { bindingsOf, namedUploads } from './application-files-table.mjs';
import { acceptsType } from '../uploads/accepts-type.mjs';
import { factsOfFile } from '../uploads/file-facts.mjs';
import { MAX_IMAGE_EDGE } from '../uploads/image-dimensions.mjs';
import { readStoredUpload, uploadBytesPath } from '../uploads/stored-uploads.mjs';

/**
 * What the receiver applies of a file field of the programme, as the receiver's rules give them.
 * @typedef {import('../uploads/accepts-type.mjs').FileFieldRules} FileFieldRules
 * @typedef {{ path: string, rule: string, message: string }} FileIssue
 * @typedef {(body: unknown, applicationId: string) => Promise<{ issues: FileIssue[], files: import('./applications-table.mjs').BoundFile[] }>} CheckFiles
 */

/** How many complete uploads' facts are remembered (a few hundred bytes each). */
const REMEMBERED_FACTS = 1024;
/** A file name is kept to this many characters (the endpoint refuses longer metadata anyway). */
const MAX_NAME = 255;

const MESSAGES = {
  'file-incomplete': 'This file has not been uploaded completely: finish its upload, then send again.',
  'file-not-own': 'This upload is not the file this application names.',
  'file-too-large': 'This file is larger than the programme allows.',
  'file-type': "This file's content is of a type the programme does not accept here.",
  'file-dimensions': `This image claims to be more than ${String(MAX_IMAGE_EDGE)} pixels across or high, which no image is.`,
};

/** NUL and the Unicode non-characters, which no store keeps (PostgreSQL refuses NUL in text). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what must go.
const UNSTORABLE = /[\u0000\uFDD0-\uFDEF\uFFFE\uFFFF]/g;

/**
 * The client's file name as the store can keep it: bounded, without what text columns refuse (a
 * refusal there would be a 503 the client retries for ever), lone surrogates replaced.
 * @param {string} name
 */
export function storableName(name) {
  return name.toWellFormed().replace(UNSTORABLE, '').slice(0, MAX_NAME).toWellFormed();
}

/**
 * The place of each file in the body among its key's: the path of its issues.
 * @param {ReadonlyArray<{ key: string }>} named
 */
function pathsOf(named) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  return named.map(({ key }) => {
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    return `files.${key}[${String(index)}]`;
  });
}

/**
 * @param {string} path
 * @param {keyof typeof MESSAGES} rule
 * @returns {FileIssue}
 */
function issue(path, rule) {
  return { path, rule, message: MESSAGES[rule] };
}

/**
 * The 422's issues of the files of a body whose uploads turned out to be another application's
 * when it was stored (applications.mjs's `file-not-own`).
 * @param {unknown} body
 * @param {ReadonlyArray<string>} uploadIds
 * @returns {FileIssue[]}
 */
export function notOwnIssues(body, uploadIds) {
  const named = namedUploads(body);
  const paths = pathsOf(named);
  return named.flatMap((item, index) => (uploadIds.includes(item.uploadId) ? [issue(/** @type {string} */ (paths[index]), 'file-not-own')] : []));
}

/**
 * The checks, for createReceiver's `checkFiles`.
 * @param {{
 *   store: import('../store/store-types.mjs').Queryable,
 *   folder: string | null,
 *   fileFields: () => ReadonlyArray<FileFieldRules> | Promise<ReadonlyArray<FileFieldRules>>,
 *   facts?: typeof factsOfFile,
 * }} options folder: where the uploads are (uploads-folder.mjs; null on PostgreSQL without UPLOADS_DIR, where no upload can be whole); fileFields: the current programme's;
 *   facts: how a file's facts are read (file-facts.mjs; tests count the reads)
 * @returns {CheckFiles}
 */
export function createFileChecks({ store, folder, fileFields, facts = factsOfFile }) {
  /** @type {Map<string, import('../uploads/file-facts.mjs').FileFacts>} */
  const remembered = new Map();

  /**
   * The facts of a complete upload, read once.
   * @param {import('../uploads/stored-uploads.mjs').StoredUpload} upload
   */
  async function factsOf(upload) {
    // A complete upload takes no more bytes (tus refuses a PATCH past its length): id and length name its content.
    const cacheKey = `${upload.id}:${String(upload.offset)}`;
    const known = remembered.get(cacheKey);
    if (known) return known;
    const read = await facts(uploadBytesPath(/** @type {string} */ (folder), upload.id), upload.metadata.filetype);
    remembered.set(cacheKey, read);
    if (remembered.size > REMEMBERED_FACTS) remembered.delete(/** @type {string} */ (remembered.keys().next().value));
    return read;
  }

  return async function checkFiles(body, applicationId) {
    const named = namedUploads(body);
    if (named.length === 0) return { issues: [], files: [] };
    const paths = pathsOf(named);
    const rules = new Map((await fileFields()).map((field) => [field.key, field]));
    const bindings = await bindingsOf(
      store,
      named.map((item) => item.uploadId),
    );
    /** @type {FileIssue[]} */
    const issues = [];
    /** @type {import('./applications-table.mjs').BoundFile[]} */
    const files = [];
    for (const [index, item] of named.entries()) {
      const path = /** @type {string} */ (paths[index]);
      const field = rules.get(item.key);
      // A key the programme does not ask for a file was refused by its rules already ('not-asked').
      if (!field) continue;
      const bound = bindings.get(item.uploadId);
      if (bound && bound.applicationId !== applicationId) {
        issues.push(issue(path, 'file-not-own'));
        continue;
      }
      if (bound && bound.field === item.key && bound.sha256 === item.sha256) {
        // Its own already (a replay, a new revision): judged when it was bound; the folder is not read again.
        if (bound.size > field.maxBytes) issues.push(issue(path, 'file-too-large'));
        else if (!acceptsType(field.accept, bound.type)) issues.push(issue(path, 'file-type'));
        else
          files.push({
            uploadId: bound.uploadId,
            field: bound.field,
            name: bound.name,
            type: bound.type,
            size: bound.size,
            sha256: bound.sha256,
            width: bound.width,
            height: bound.height,
          });
        continue;
      }
      const upload = folder === null ? null : await readStoredUpload(folder, item.uploadId);
      if (!upload || upload.offset < upload.size) {
        issues.push(issue(path, 'file-incomplete'));
        continue;
      }
      if (upload.metadata.sha256 !== item.sha256 || upload.metadata.field !== item.key) {
        issues.push(issue(path, 'file-not-own'));
        continue;
      }
      // Before a byte is read: the declared length is the length on disk.
      if (upload.size > field.maxBytes) {
        issues.push(issue(path, 'file-too-large'));
        continue;
      }
      const judged = await factsOf(upload);
      // A photo kept without its location has other bytes than the client hashed: the receiver's own hash of them stands.
      if (judged.sha256 !== (upload.metadata.keptSha256 || item.sha256)) {
        issues.push(issue(path, 'file-not-own'));
        continue;
      }
      if (!acceptsType(field.accept, judged.type)) {
        issues.push(issue(path, 'file-type'));
        continue;
      }
      // Refused for good: the same bytes claim the same size on every retry.
      if ((judged.width ?? 0) > MAX_IMAGE_EDGE || (judged.height ?? 0) > MAX_IMAGE_EDGE) {
        issues.push(issue(path, 'file-dimensions'));
        continue;
      }
      files.push({
        uploadId: upload.id,
        field: item.key,
        name: storableName(upload.metadata.filename),
        type: judged.type,
        size: judged.size,
        sha256: judged.sha256,
        width: judged.width,
        height: judged.height,
      });
    }
    return { issues, files: issues.length > 0 ? [] : files };
  };
}
