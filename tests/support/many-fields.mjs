// A configured step of many optional text fields, inserted after Welcome: the fixture the
// benchmark's scale measurement and the end-to-end suite use to see how costs grow with a step.

/** The label of the n-th field (1-based). */
export function manyFieldsLabel(/** @type {number} */ n) {
  return `Question ${String(n)}`;
}

export const MANY_FIELDS_HEADING = 'Many questions';

/**
 * Edits a config.json object in place: a step "Many" of `count` optional text fields under
 * `fields.single.q001`… goes in after Welcome, so the first Continue opens it.
 * @param {number} count
 * @returns {(config: Record<string, unknown>) => void}
 */
export function withManyFields(count) {
  return (config) => {
    const fields = Array.from({ length: count }, (_, index) => ({
      kind: 'text',
      path: `fields.single.q${String(index + 1).padStart(3, '0')}`,
      label: manyFieldsLabel(index + 1),
      required: false,
    }));
    const steps = /** @type {unknown[]} */ (config.steps);
    steps.splice(1, 0, { name: 'Many', blocks: [{ component: 'FormSection', data: { title: MANY_FIELDS_HEADING, titleLevel: 1, fields } }] });
  };
}
