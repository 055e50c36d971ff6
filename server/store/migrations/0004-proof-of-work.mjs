// Version 4: proof of work (server/limits/proof-of-work.mjs, when PROOF_OF_WORK=on): the HMAC key that
// signs challenges when none is configured, made once so restarts and every instance share it, and
// each solution used, until its challenge expires, so none counts twice on any instance.
/** @type {import('../schema.mjs').Migration} */
export default {
  version: 4,
  sql: `
    CREATE TABLE proof_of_work_key (
      id integer PRIMARY KEY CHECK (id = 1),
      hmac_key text NOT NULL
    );
    CREATE TABLE used_proofs (
      challenge text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX used_proofs_expiry ON used_proofs (expires_at)
  `,
};
