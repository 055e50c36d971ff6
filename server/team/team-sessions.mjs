// Team sessions (team_sessions), kept in the store so that every receiver on one PostgreSQL sees
// them: the cookie holds a random id, the store its SHA-256. A session ends when it has been
// unused for the idle time, at its maximum age whatever its use, when its member signs out, and
// when its member is removed (the foreign key cascades). Both times are read from the settings at
// each request, so shortening them applies to the sessions already open.
import { newSecret, secretHash } from './team-secret.mjs';

/**
 * @typedef {import('./team-email.mjs').TeamRole} TeamRole
 * @typedef {import('./team-settings.mjs').TeamSessionSettings} TeamSessionSettings
 */

/** A session's last use is written at most this often: reading the inbox is not a write per request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * @param {TeamSessionSettings} settings
 * @param {Date} now
 * @param {Date} createdAt
 */
function expiryOf(settings, now, createdAt) {
  return new Date(Math.min(now.getTime() + settings.idleMinutes * 60_000, createdAt.getTime() + settings.maxHours * 3_600_000));
}

/**
 * @param {{ store: import('../store/store-types.mjs').Store, settings: TeamSessionSettings, now: () => Date }} options
 */
export function createSessions({ store, settings, now }) {
  return {
    /** How long the cookie is kept, in seconds: the maximum age (the idle time is the server's to enforce). */
    cookieSeconds: settings.maxHours * 3600,

    /**
     * Opens a session for a member; its id is handed out once, in the cookie.
     * @param {import('../store/store-types.mjs').Queryable} tx
     * @param {string} email
     */
    async open(tx, email) {
      const id = newSecret();
      const at = now();
      await tx.query('INSERT INTO team_sessions (id_hash, email, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)', [
        secretHash(id),
        email,
        at,
        expiryOf(settings, at, at),
      ]);
      return id;
    },

    /**
     * The member of a live session, with their role as it is now; its idle time starts again.
     * @param {string} id from the cookie (any shape: only a hash of it is looked up)
     * @returns {Promise<{ email: string, role: TeamRole } | null>}
     */
    async live(id) {
      const at = now();
      const hash = secretHash(id);
      const { rows } = await store.query(
        `SELECT s.email, m.role, s.created_at, s.last_seen_at FROM team_sessions s JOIN team_members m ON m.email = s.email
          WHERE s.id_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3 AND s.created_at > $4`,
        [hash, at, new Date(at.getTime() - settings.idleMinutes * 60_000), new Date(at.getTime() - settings.maxHours * 3_600_000)],
      );
      const row = rows[0];
      if (!row) return null;
      const lastSeen = new Date(/** @type {string | Date} */ (row.last_seen_at));
      if (at.getTime() - lastSeen.getTime() >= TOUCH_EVERY_MS) {
        await store.query('UPDATE team_sessions SET last_seen_at = $2, expires_at = $3 WHERE id_hash = $1', [
          hash,
          at,
          expiryOf(settings, at, new Date(/** @type {string | Date} */ (row.created_at))),
        ]);
      }
      return { email: String(row.email), role: /** @type {TeamRole} */ (row.role) };
    },

    /**
     * Ends a session: the member it was, or null when it was not live.
     * @param {import('../store/store-types.mjs').Queryable} tx
     * @param {string} id
     * @returns {Promise<string | null>}
     */
    async end(tx, id) {
      const { rows } = await tx.query('DELETE FROM team_sessions WHERE id_hash = $1 AND expires_at > $2 RETURNING email', [secretHash(id), now()]);
      return rows[0] ? String(rows[0].email) : null;
    },

    /** Deletes ended sessions and links no one can use any more (a day after their expiry, for an inquiry). */
    async sweep() {
      const at = now();
      await store.query('DELETE FROM team_sessions WHERE expires_at <= $1 OR last_seen_at <= $2 OR created_at <= $3', [
        at,
        new Date(at.getTime() - settings.idleMinutes * 60_000),
        new Date(at.getTime() - settings.maxHours * 3_600_000),
      ]);
      await store.query('DELETE FROM team_sign_in_links WHERE expires_at <= $1', [new Date(at.getTime() - 24 * 3_600_000)]);
    },
  };
}

/** @typedef {ReturnType<typeof createSessions>} Sessions */
