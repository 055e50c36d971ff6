// What the receiver is handed of the status links (the start makes it, applications-table.mjs uses
// it in the statement that stores a first revision): the hash a link is stored as, the reference a
// sequence number becomes, and the link itself, all derived from the key, so the receiver never
// imports this room (the status room imports the applications').
import { referenceFor } from './status-reference.mjs';
import { secretHash, statusSecretFor } from './status-link-key.mjs';

/**
 * The path of the status page on the programme's site, before the link's secret (in the fragment:
 * a fragment never reaches a server's log nor a Referer).
 */
export const STATUS_PAGE_PATH = '/status/#';

/**
 * @param {Buffer} key status-link-key.mjs's statusLinkKey
 * @returns {import('../applications/applications-table.mjs').StatusLinks}
 */
export function createStatusLinks(key) {
  return {
    hashFor: (applicationId) => secretHash(statusSecretFor(key, applicationId)),
    reference: referenceFor,
    urlFor: (pageOrigin, applicationId) => `${pageOrigin}${STATUS_PAGE_PATH}${statusSecretFor(key, applicationId)}`,
  };
}
