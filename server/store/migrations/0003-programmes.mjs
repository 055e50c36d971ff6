// Version 3: every programme (config.json) a receiver has applied, by digest, so an application
// made in a page opened before an edit of config.json is still accepted after it, restarts and
// other instances included (server/programme/programme-source.mjs). `retired_at` is when another replaced it.
/** @type {import('../schema.mjs').Migration} */
export default {
  version: 3,
  sql: `
    CREATE TABLE programmes (
      digest text PRIMARY KEY,
      config text NOT NULL,
      first_applied_at timestamptz NOT NULL,
      retired_at timestamptz
    )
  `,
};
