import { describe, expect, it } from 'vitest';
import { pickWithMax } from '../../../src/fields/pick-with-max';

describe('pickWithMax', () => {
  it('accepts any pick when there is no maximum', () => {
    const next = ['a', 'b', 'c', 'd'];
    expect(pickWithMax(['a', 'b', 'c'], next, undefined)).toBe(next);
  });

  it('accepts picks up to the maximum', () => {
    const next = ['a', 'b', 'c'];
    expect(pickWithMax(['a', 'b'], next, 3)).toBe(next);
  });

  it('ignores a pick beyond the maximum by returning the same array', () => {
    const current = ['a', 'b', 'c'];
    expect(pickWithMax(current, ['a', 'b', 'c', 'd'], 3)).toBe(current);
  });

  it('always accepts a removal, even at or above the maximum', () => {
    expect(pickWithMax(['a', 'b', 'c'], ['a', 'c'], 3)).toEqual(['a', 'c']);
    expect(pickWithMax(['a', 'b', 'c', 'd'], ['a', 'b', 'c'], 2)).toEqual(['a', 'b', 'c']);
  });

  it('ignores every addition when the maximum is zero', () => {
    const current: string[] = [];
    expect(pickWithMax(current, ['a'], 0)).toBe(current);
  });
});
