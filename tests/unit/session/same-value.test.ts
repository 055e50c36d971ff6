// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sameValue } from '../../../src/session/same-value';

describe('sameValue', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['the same text', 'Ada', 'Ada', true],
    ['other texts', 'Ada', 'Grace', false],
    ['a number and its text', 1, '1', false],
    ['null and an empty object', null, {}, false],
    ['undefined and an object (no form attached yet)', undefined, { a: 1 }, false],
    ['objects with their keys in another order', { a: 1, b: [1, { c: 'x', d: true }] }, { b: [1, { d: true, c: 'x' }], a: 1 }, true],
    ['a key set to undefined and a key absent (as stored)', { a: 1, b: undefined }, { a: 1 }, true],
    ['a key set to null and a key absent', { a: 1, b: null }, { a: 1 }, false],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['an array and an object with its indices', [1], { 0: 1 }, false],
    ['a nested difference', { a: { b: { c: 'x' } } }, { a: { b: { c: 'y' } } }, false],
    ['an extra key', { a: 1 }, { a: 1, b: 2 }, false],
  ])('%s → %s', (_, a, b, expected) => {
    expect(sameValue(a, b)).toBe(expected);
    expect(sameValue(b, a)).toBe(expected);
  });
});
