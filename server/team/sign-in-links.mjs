// Sign-in links (team_sign_in_links): a member asks, a token is made and mailed, and the store
// keeps its SHA-256 with its expiry. The link opens a page whose button sends the token back, so a
// mail scanner that follows the link uses nothing up. A token signs in once: the UPDATE that marks
// it used is also the check, so two presses at once find one row between them.
import { newSecret, secretHash } from './team-secret.mjs';

/** How long a link works. */
export const LINK_MINUTES = 15;

/**
 * A new link's token for a member; what the store keeps is its hash.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} email normalised
 * @param {Date} now
 */
export async function createSignInLink(store, email, now) {
  const token = newSecret();
  await store.query('INSERT INTO team_sign_in_links (token_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    secretHash(token),
    email,
    now,
    new Date(now.getTime() + LINK_MINUTES * 60_000),
  ]);
  return token;
}

/**
 * Uses a link up: the member it was made for, or null when it is unknown, used or expired.
 * @param {import('../store/store-types.mjs').Queryable} tx
 * @param {string} token
 * @param {Date} now
 * @returns {Promise<string | null>}
 */
export async function useSignInLink(tx, token, now) {
  const { rows } = await tx.query('UPDATE team_sign_in_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING email', [
    secretHash(token),
    now,
  ]);
  return rows[0] ? String(rows[0].email) : null;
}
