// Version 7: the files of applications. An upload (server/uploads/) is bound to the
// application whose PUT names it, in the statement that stores that PUT (applications.mjs), with
// what the receiver judged of its bytes (server/uploads/file-facts.mjs): the type from its magic
// bytes, its SHA-256, its length, and an image's width and height. `upload_id` is the key (unique): an upload
// belongs to one application, for as long as the application is kept (every revision of it may
// name it); the bytes are erased with the application (erasure.mjs).
/** @type {import('../schema.mjs').Migration} */
export default {
  version: 7,
  sql: `
    CREATE TABLE application_files (
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      upload_id text PRIMARY KEY,
      field text NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      size bigint NOT NULL,
      sha256 text NOT NULL,
      width integer,
      height integer,
      position integer NOT NULL DEFAULT 0,
      bound_at timestamptz NOT NULL
    );
    CREATE INDEX application_files_application ON application_files (application_id)
  `,
};
