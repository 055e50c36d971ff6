/** The receiver's rule for a draft's id (server/drafts.mjs): more than 128 bits may come from a later version. */
export const DRAFT_ID = /^[A-Za-z0-9_-]{22,64}$/;
