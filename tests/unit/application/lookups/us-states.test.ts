import { describe, expect, it } from 'vitest';
import { usStates } from '../../../../src/application/lookups/us-states';

describe('usStates', () => {
  it('lists the 50 states, DC, 5 territories, 3 freely associated states and 3 armed forces codes', () => {
    expect(usStates).toHaveLength(62);
  });

  it('has unique two-letter upper-case codes and is sorted by name', () => {
    for (const state of usStates) expect(state.code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(usStates.map((state) => state.code)).size).toBe(usStates.length);
    const names = usStates.map((state) => state.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each([
    ['AA', 'Armed Forces Americas'],
    ['AE', 'Armed Forces Europe'],
    ['AP', 'Armed Forces Pacific'],
    ['DC', 'District of Columbia'],
    ['PR', 'Puerto Rico'],
    ['GU', 'Guam'],
    ['VI', 'U.S. Virgin Islands'],
    ['CA', 'California'],
    ['NY', 'New York'],
    ['WY', 'Wyoming'],
  ])('includes %s, %s', (code, name) => {
    expect(usStates).toContainEqual({ name, code });
  });
});
