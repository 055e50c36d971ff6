// A programme is named by the digest of its config.json's text in every place that must agree:
// the log's lines, the page (src/config/config-digest.ts computes the same in the browser), the
// build's index.html (the Welcome it drew), the store's `programmes` table, the screenshots'
// record of the programme they show, and `npm start`'s choice of which config.json to keep.
import { createHash } from 'node:crypto';

/**
 * The first 16 hex digits of the SHA-256 of a config.json's text.
 * @param {string} text
 */
export function programmeDigest(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
