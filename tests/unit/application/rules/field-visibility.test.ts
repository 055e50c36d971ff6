import { describe, expect, it } from 'vitest';
import { conditionsHold, hiddenPaths, valueSpecAt } from '../../../../src/application/rules/field-visibility';
import { fieldSpecsOf } from '../../../../src/application/rules/field-specs';
import type { FieldConfig } from '../../../../src/application/rules/form-config-schema';

const fields: FieldConfig[] = [
  { kind: 'select', path: 'fields.single.collab', label: 'Open to collaborations?', options: [{ name: 'Yes', value: 'yes' }] },
  { kind: 'text', path: 'fields.single.rate', label: 'Rate', showOnCondition: { path: 'fields.single.collab', equals: 'yes' } },
  { kind: 'yesNo', path: 'fields.single.agency', label: 'Agency?', showOnCondition: { path: 'fields.single.collab', equals: 'yes' } },
];
const specs = fieldSpecsOf(fields, 2);

function values(collab: string, agency: boolean | null) {
  return { fields: { single: { collab, rate: '$400', agency: { value: agency, explanation: 'Acme' } } } };
}

describe('field visibility', () => {
  it('holds only when every condition holds, compared strictly', () => {
    const read = (answers: Record<string, unknown>) => (path: string) => answers[path];
    expect(conditionsHold([], read({}))).toBe(true);
    expect(
      conditionsHold(
        [
          { path: 'a', equals: true },
          { path: 'b', equals: 'x' },
        ],
        read({ a: true, b: 'x' }),
      ),
    ).toBe(true);
    expect(
      conditionsHold(
        [
          { path: 'a', equals: true },
          { path: 'b', equals: 'x' },
        ],
        read({ a: true, b: 'y' }),
      ),
    ).toBe(false);
    expect(conditionsHold([{ path: 'a', equals: 1 }], read({ a: '1' }))).toBe(false);
  });

  it('hides a field whose condition fails, and a follow-up whose question is hidden or not answered with the revealing answer', () => {
    expect([...hiddenPaths(values('no', true), specs)].sort()).toEqual([
      'fields.single.agency.explanation',
      'fields.single.agency.value',
      'fields.single.rate',
    ]);
    expect([...hiddenPaths(values('yes', false), specs)]).toEqual(['fields.single.agency.explanation']);
    expect([...hiddenPaths(values('yes', true), specs)]).toEqual([]);
  });

  it("finds an answer's conditions by its path; phone and platforms have none", () => {
    expect(valueSpecAt(specs, 'fields.single.agency.explanation')?.conditions).toEqual([
      { path: 'fields.single.collab', equals: 'yes' },
      { path: 'fields.single.agency.value', equals: true },
    ]);
    expect(valueSpecAt(specs, 'personalInfo.phone')).toBeUndefined();
  });
});
