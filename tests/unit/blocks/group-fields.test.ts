import { describe, expect, it } from 'vitest';
import { FIELDS_PER_FORM_OWNER, groupFields } from '../../../src/blocks/group-fields';

describe('groupFields', () => {
  it('keeps a section of up to twelve fields together (an address stays one form for autofill)', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => index);
    expect(groupFields(eleven)).toEqual([eleven]);
    expect(FIELDS_PER_FORM_OWNER).toBe(12);
  });

  it('splits 200 fields into runs of at most twelve, in order, none lost', () => {
    const fields = Array.from({ length: 200 }, (_, index) => index);
    const groups = groupFields(fields);
    expect(groups).toHaveLength(17);
    expect(Math.max(...groups.map((group) => group.length))).toBe(12);
    expect(groups.flat()).toEqual(fields);
  });

  it('gives no group for no fields', () => {
    expect(groupFields([])).toEqual([]);
  });
});
