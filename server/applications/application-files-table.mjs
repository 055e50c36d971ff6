// The files bound to applications (migration 7, table application_files): read for the receiver's
// checks (is an upload already another application's?), for export and webhooks (the facts of
// each file an application's latest body names), for the `files` command, erasure and backups.
// Binding itself happens in the statement that stores a body (applications.mjs).

/**
 * @typedef {{ field: string, name: string, type: string, size: number, sha256: string, width: number | null, height: number | null }} ApplicationFile
 *   what export and webhooks show of a file: never its upload id, which is the capability that owns it
 * @typedef {ApplicationFile & { applicationId: string, uploadId: string }} Binding
 */

/** @param {Record<string, unknown>} row @returns {Binding} */
function bindingOf(row) {
  return {
    applicationId: String(row.application_id),
    uploadId: String(row.upload_id),
    field: String(row.field),
    name: String(row.name),
    type: String(row.type),
    size: Number(row.size),
    sha256: String(row.sha256),
    width: row.width === null || row.width === undefined ? null : Number(row.width),
    height: row.height === null || row.height === undefined ? null : Number(row.height),
  };
}

/**
 * The bindings of these uploads, by upload id (those bound to no application are absent).
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {ReadonlyArray<string>} uploadIds
 * @returns {Promise<Map<string, Binding>>}
 */
export async function bindingsOf(store, uploadIds) {
  if (uploadIds.length === 0) return new Map();
  const { rows } = await store.query('SELECT * FROM application_files WHERE upload_id IN (SELECT jsonb_array_elements_text($1::jsonb))', [
    JSON.stringify([...new Set(uploadIds)]),
  ]);
  return new Map(rows.map((row) => [String(row.upload_id), bindingOf(row)]));
}

/**
 * Every file bound to these applications, by application id, in the order they were bound.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {ReadonlyArray<string>} applicationIds
 * @returns {Promise<Map<string, Binding[]>>}
 */
export async function filesOfApplications(store, applicationIds) {
  /** @type {Map<string, Binding[]>} */
  const files = new Map();
  if (applicationIds.length === 0) return files;
  const { rows } = await store.query(
    'SELECT * FROM application_files WHERE application_id IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY application_id, bound_at, position, upload_id',
    [JSON.stringify([...new Set(applicationIds)])],
  );
  for (const row of rows) {
    const binding = bindingOf(row);
    files.set(binding.applicationId, [...(files.get(binding.applicationId) ?? []), binding]);
  }
  return files;
}

/**
 * The uploads a body names, in its order: `files` of the application body (docs/application-body.md).
 * @param {unknown} body
 * @returns {Array<{ key: string, uploadId: string, sha256: string }>}
 */
export function namedUploads(body) {
  const files = /** @type {{ files?: unknown }} */ (body ?? {}).files;
  if (!Array.isArray(files)) return [];
  return /** @type {unknown[]} */ (files).flatMap((item) => {
    const { key, uploadId, sha256 } = /** @type {Record<string, unknown>} */ (item ?? {});
    return typeof key === 'string' && typeof uploadId === 'string' && typeof sha256 === 'string' ? [{ key, uploadId, sha256 }] : [];
  });
}

/**
 * The facts of the files a body names, as export and webhooks show them (no upload id), from its
 * application's bindings; a file not bound (never, for a stored body) is left out.
 * @param {unknown} body
 * @param {ReadonlyArray<Binding>} bindings
 * @returns {ApplicationFile[]}
 */
export function filesOfBody(body, bindings) {
  const byUpload = new Map(bindings.map((binding) => [binding.uploadId, binding]));
  return namedUploads(body).flatMap(({ uploadId }) => {
    const binding = byUpload.get(uploadId);
    if (!binding) return [];
    const { field, name, type, size, sha256, width, height } = binding;
    return [{ field, name, type, size, sha256, width, height }];
  });
}

/**
 * The body without its upload ids: what export and webhooks show. An upload id is the capability
 * that owns an upload at the tus endpoint, so it stays in the store; each file keeps its key and
 * SHA-256, and the facts come beside the body (filesOfBody).
 * @param {unknown} body
 * @returns {unknown}
 */
export function withoutUploadIds(body) {
  if (typeof body !== 'object' || body === null || !Array.isArray(/** @type {{ files?: unknown }} */ (body).files)) return body;
  const files = /** @type {unknown[]} */ (/** @type {{ files: unknown[] }} */ (body).files);
  return {
    ...body,
    files: files.map((item) => {
      if (typeof item !== 'object' || item === null) return item;
      return Object.fromEntries(Object.entries(item).filter(([name]) => name !== 'uploadId'));
    }),
  };
}
