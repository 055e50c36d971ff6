// A team member's address: what a person types is checked for the shape of an address (bounded,
// one @, a dot in the domain, no white space, brackets or control characters), then stored and
// compared in the one normalised form the creators' addresses use (store/email-match.mjs), so
// Ada@Example.com signs in as ada@example.com.
import { normalisedEmail } from '../store/email-match.mjs';

/** RFC 5321's limit on a path, the longest address a mail server takes. */
const MAX_LENGTH = 254;
const ADDRESS = /^[^\s@<>()[\]",;:\\\p{C}]{1,64}@[^\s@<>()[\]",;:\\\p{C}]+\.[^\s@<>()[\]",;:\\\p{C}.]+$/u;

/**
 * The address as stored, or null when the text is not one.
 * @param {unknown} text
 * @returns {string | null}
 */
export function memberEmail(text) {
  if (typeof text !== 'string' || text.length > MAX_LENGTH * 2) return null;
  const email = normalisedEmail(text);
  if (email.length > MAX_LENGTH || !ADDRESS.test(email) || email.includes('..') || email.startsWith('.')) return null;
  return email;
}

/** @typedef {'viewer' | 'reviewer' | 'admin'} TeamRole */

/** The roles, lowest first: each may do what those before it may. */
export const ROLES = /** @type {const} */ (['viewer', 'reviewer', 'admin']);

/**
 * @param {unknown} value
 * @returns {value is TeamRole}
 */
export function isRole(value) {
  return typeof value === 'string' && /** @type {readonly string[]} */ (ROLES).includes(value);
}

/**
 * Whether `role` may do what `needed` may.
 * @param {TeamRole} role
 * @param {TeamRole} needed
 */
export function roleCovers(role, needed) {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}
