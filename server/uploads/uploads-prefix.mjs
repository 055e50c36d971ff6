// Where files are uploaded (tus 1.0, tus-endpoint.mjs): beside the applications' path, as drafts
// in transit are, so a programme's requestUrl names both (/api/applications → /api/uploads). The
// page makes the same URL from its requestUrl (src/uploads/uploads-endpoint.ts).

/**
 * The uploads' collection for the applications' path: its folder, then `uploads`. POST creates an
 * upload there; HEAD, PATCH and DELETE `<prefix>/<id>` resume, continue and withdraw one.
 * @param {string} applicationsPath
 */
export function uploadsPrefix(applicationsPath) {
  const folder = applicationsPath.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
  return `${folder}/uploads`;
}
