/**
 * A draft's id: the page makes 22 (128 random bits); more may come from a later version. The one
 * copy of the rule: the receiver (server/drafts/drafts-in-transit.mjs) gets it through server/build/.
 */
export const DRAFT_ID = /^[A-Za-z0-9_-]{22,64}$/;
