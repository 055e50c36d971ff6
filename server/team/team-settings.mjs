// How long a team member stays signed in, from the environment: TEAM_SESSION_IDLE_MINUTES (a
// session unused that long ends; 60 by default) and TEAM_SESSION_MAX_HOURS (a session ends that
// long after its sign-in, however busy; 12 by default). A value out of bounds refuses to start,
// saying which: a session meant to last a day that lasts a year is found before it matters.

/** @typedef {{ idleMinutes: number, maxHours: number }} TeamSessionSettings */

/** @type {Readonly<TeamSessionSettings>} */
export const DEFAULT_TEAM_SESSIONS = Object.freeze({ idleMinutes: 60, maxHours: 12 });

const WHOLE = /^[0-9]{1,6}$/;

/**
 * @param {string | undefined} raw
 * @param {string} name
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 */
function wholeNumber(raw, name, fallback, min, max) {
  const text = raw?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!WHOLE.test(text) || value < min || value > max) throw new Error(`${name} must be a whole number from ${String(min)} to ${String(max)}, not "${text}"`);
  return value;
}

/**
 * @param {Record<string, string | undefined>} env
 * @returns {TeamSessionSettings}
 */
export function teamSessionSettings(env) {
  // An idle time of a week is already longer than a shared office computer should stay signed in;
  // a maximum of a month bounds what a stolen cookie is worth.
  const idleMinutes = wholeNumber(env.TEAM_SESSION_IDLE_MINUTES, 'TEAM_SESSION_IDLE_MINUTES', DEFAULT_TEAM_SESSIONS.idleMinutes, 1, 7 * 24 * 60);
  const maxHours = wholeNumber(env.TEAM_SESSION_MAX_HOURS, 'TEAM_SESSION_MAX_HOURS', DEFAULT_TEAM_SESSIONS.maxHours, 1, 31 * 24);
  if (idleMinutes > maxHours * 60)
    throw new Error(
      `TEAM_SESSION_IDLE_MINUTES (${String(idleMinutes)}) is longer than TEAM_SESSION_MAX_HOURS (${String(maxHours)} h): a session could never be idle that long`,
    );
  return { idleMinutes, maxHours };
}
