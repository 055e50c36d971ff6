// The status room, as the start composes it: the key the links are derived from
// (status-link-key.mjs), the links the receiver is handed (status-links.mjs), the lookup the status
// page calls (status-lookup.mjs) and the admin endpoints the CLI decides through (status-admin.mjs).
import { createAdmission } from '../limits/admission.mjs';
import { statusAdmin } from './status-admin.mjs';
import { statusLinkKey } from './status-link-key.mjs';
import { createStatusLinks } from './status-links.mjs';
import { createStatusLookup, statusPath } from './status-lookup.mjs';

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store, path: string, allowedOrigins: ReadonlySet<string>,
 *   log: (line: string) => void, rateLimits: import('../limits/rate-limits.mjs').RateLimits,
 *   statusLinkKey: string | undefined, dataDir: string, mail: boolean, webhooks: { giveUpAfterMs: number } | null,
 * }} options path: the receiver's (the lookup is beside it); rateLimits: the client's share of
 *   requests; statusLinkKey: STATUS_LINK_KEY; dataDir: the embedded store's folder; mail: SMTP_URL is set
 */
export async function createStatusFeature({ store, path, allowedOrigins, log, rateLimits, statusLinkKey: configured, dataDir, mail, webhooks }) {
  const key = await statusLinkKey({ env: { STATUS_LINK_KEY: configured }, store, dataDir, log });
  const links = createStatusLinks(key);
  const lookupPath = statusPath(path);
  return {
    /** Where the status page looks an application up. */
    path: lookupPath,
    /** The links' key, for whatever else builds a link (the mail outbox: statusSecretFor(key, id)). */
    key,
    /** The links themselves: urlFor(pageOrigin, applicationId) is the link a receipt carries. */
    links,
    /**
     * The link of a stored application, for an e-mail: refused when the key in use no longer makes
     * the link stored (a restore without its key), since such a link would answer 404.
     * @param {string} applicationId
     * @param {string} pageOrigin
     */
    mailedLink: async (applicationId, pageOrigin) => {
      const { rows } = await store.query('SELECT secret_hash FROM application_status_links WHERE application_id = $1', [applicationId]);
      if (rows[0]?.secret_hash !== links.hashFor(applicationId))
        throw new Error("the status links' key in use does not make the stored link (restored without its key?)");
      return links.urlFor(pageOrigin, applicationId);
    },
    /** What the receiver is handed: the links, and whether a receipt waits in the mail outbox. */
    receiving: { links, mail },
    answer: createStatusLookup({ store, path: lookupPath, allowedOrigins, admit: createAdmission({ rateLimits }), log }),
    admin: statusAdmin({ store, mail, webhooks }),
  };
}
