// @vitest-environment node
// The reference a creator reads out: eight characters of the alphabet without look-alikes, shown
// XXXX-XXXX, one per sequence number and never two numbers to one reference (a bijection), and not
// consecutive to the eye for consecutive numbers.
import { describe, expect, it } from 'vitest';
import { REFERENCE_ALPHABET, REFERENCE_SPACE, referenceFor, referenceNumber } from '../../../../server/status/status-reference.mjs';

const FORMAT = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

describe('referenceFor', () => {
  it('uses the 30 characters without 0, O, 1, I, L and U, shown as two groups of four', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(30);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OILU]/);
    expect(REFERENCE_SPACE).toBe(30 ** 8);
    for (let number = 0; number < 2000; number += 1) expect(referenceFor(number)).toMatch(FORMAT);
    expect(referenceFor(REFERENCE_SPACE - 1)).toMatch(FORMAT);
  });

  it('gives 100,000 consecutive numbers 100,000 different references, each read back to its number', () => {
    const seen = new Set<string>();
    for (let number = 1; number <= 100_000; number += 1) {
      const reference = referenceFor(number);
      seen.add(reference);
      if (number % 97 === 0) expect(referenceNumber(reference)).toBe(number);
    }
    expect(seen.size).toBe(100_000);
  });

  it('reads back numbers spread over the whole space, and a reference typed in lower case without its dash', () => {
    for (let step = 0; step < 500; step += 1) {
      const number = Math.floor((step / 500) * REFERENCE_SPACE) + step;
      expect(referenceNumber(referenceFor(number))).toBe(number);
    }
    const reference = referenceFor(42);
    expect(referenceNumber(reference.toLowerCase().replace('-', ''))).toBe(42);
    expect(referenceNumber('K7QM-4XTU')).toBeNull();
    expect(referenceNumber('K7QM')).toBeNull();
  });

  it('does not look sequential: consecutive numbers differ in most places', () => {
    const [first, second] = [referenceFor(1000), referenceFor(1001)];
    const differing = Array.from(first).filter((character, index) => character !== second[index]).length;
    expect(differing).toBeGreaterThanOrEqual(4);
    expect(referenceFor(1)).not.toBe(referenceFor(REFERENCE_SPACE + 2));
    expect(referenceFor(1)).toBe(referenceFor(REFERENCE_SPACE + 1));
  });
});
