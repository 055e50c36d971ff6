// An application's reference: what a creator reads out to the team ('K7QM-4XTR'). Eight characters
// of an alphabet without the look-alikes 0/O, 1/I/L and U, shown as two groups of four. It is made
// from the next number of the sequence `application_reference_numbers`, scrambled by a balanced
// Feistel network over the 30^8 references (two halves of 30^4, four rounds, addition modulo 30^4):
// a bijection, so two numbers never give one reference (unique by construction, no retry), and
// consecutive applications get references that do not look consecutive. The scramble is fixed, not
// keyed: a reference is not a secret and proves nothing; the link's secret does that. Each store
// starts its sequence at a random number (schema.mjs, version 9), so no two deployments share a
// first reference and a reference does not count the applications before it.
import { createHash } from 'node:crypto';

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = REFERENCE_ALPHABET.length;
const HALF = BASE ** 4;
/** How many references there are: 30^8. */
export const REFERENCE_SPACE = HALF * HALF;
const ROUNDS = 4;

/**
 * A Feistel round's function: a number below HALF from the round and one half.
 * @param {number} round
 * @param {number} half
 */
function roundValue(round, half) {
  return (
    createHash('sha256')
      .update(`application-reference\n${String(round)}\n${String(half)}`)
      .digest()
      .readUInt32BE(0) % HALF
  );
}

/**
 * The scrambled place of a number in 0 … REFERENCE_SPACE - 1.
 * @param {number} number
 */
function scramble(number) {
  let left = Math.floor(number / HALF);
  let right = number % HALF;
  for (let round = 0; round < ROUNDS; round += 1) [left, right] = [right, (left + roundValue(round, right)) % HALF];
  return left * HALF + right;
}

/** @param {number} scrambled */
function unscramble(scrambled) {
  let left = Math.floor(scrambled / HALF);
  let right = scrambled % HALF;
  for (let round = ROUNDS - 1; round >= 0; round -= 1) [left, right] = [(right - roundValue(round, left) + HALF) % HALF, left];
  return left * HALF + right;
}

/**
 * The reference of a sequence number (from 0; a number past the space wraps round, some 650
 * billion applications on).
 * @param {number | bigint} sequenceNumber
 * @returns {string} 'XXXX-XXXX'
 */
export function referenceFor(sequenceNumber) {
  let value = scramble(Number(BigInt(sequenceNumber) % BigInt(REFERENCE_SPACE)));
  let characters = '';
  for (let place = 0; place < 8; place += 1) {
    characters = (REFERENCE_ALPHABET[value % BASE] ?? '') + characters;
    value = Math.floor(value / BASE);
  }
  return `${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/**
 * The number a reference was made from (its inverse), or null for text that is not a reference;
 * lower case and a missing dash are read as a person might type them.
 * @param {string} reference
 * @returns {number | null}
 */
export function referenceNumber(reference) {
  const characters = reference.toUpperCase().replace('-', '');
  if (characters.length !== 8) return null;
  let value = 0;
  for (const character of characters) {
    const digit = REFERENCE_ALPHABET.indexOf(character);
    if (digit < 0) return null;
    value = value * BASE + digit;
  }
  return unscramble(value);
}
