// The secrets a member holds, a sign-in link's token and a session's id: 32 random bytes
// (256 bits), base64url, so guessing one is hopeless. The store keeps their SHA-256 only, so a copy
// of the database (a backup, a replica) signs no one in.
import { createHash, randomBytes } from 'node:crypto';

/** A new secret, to hand to the member once. */
export function newSecret() {
  return randomBytes(32).toString('base64url');
}

/** A secret's shape: what newSecret makes, and nothing longer is hashed. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * @param {unknown} value
 * @returns {value is string}
 */
export function isSecret(value) {
  return typeof value === 'string' && SECRET.test(value);
}

/**
 * What the store keeps of a secret.
 * @param {string} secret
 */
export function secretHash(secret) {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
