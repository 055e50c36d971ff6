import { describe, expect, it } from 'vitest';
import { checkConfigText } from '../../../src/config/check-config';
import defaultConfigText from '../../../public/config.json?raw';

interface Field {
  kind: string;
  path: string;
  options?: unknown;
}
interface Config {
  steps: Array<{ blocks: Array<{ data: { fields?: Field[] } }> }>;
}

/** The errors `npm run check-config` prints for the default programme with the select "fields.single.pronouns" given `options`. */
function errorsWithOptions(options: unknown): { at: string; errors: string[] } {
  const config = JSON.parse(defaultConfigText) as Config;
  let at = '';
  for (const [s, step] of config.steps.entries()) {
    for (const [b, block] of step.blocks.entries()) {
      for (const [f, field] of (block.data.fields ?? []).entries()) {
        if (field.path !== 'fields.single.pronouns') continue;
        at = `steps.${String(s)}.blocks.${String(b)}.data.fields.${String(f)}.options`;
        if (options === undefined) delete field.options;
        else field.options = options;
      }
    }
  }
  return { at, errors: checkConfigText(JSON.stringify(config)).errors.map((problem) => `${problem.path}: ${problem.message}`) };
}

const FORMS = '"options" is a list [{ "name": …, "value": … }, …], or one of "countries", "usStates", "canadianProvinces"';

describe("check-config's words for a list a union allows", () => {
  it("names the list form and each item's path for a list of plain words", () => {
    const { at, errors } = errorsWithOptions(['A', 'B']);
    expect(errors).toEqual([`${at}.0: expected an object, got a string; ${FORMS}`, `${at}.1: expected an object, got a string; ${FORMS}`]);
  });

  it('names the missing value of an option by its path inside the list, with the form', () => {
    const { at, errors } = errorsWithOptions([{ name: 'She/her', value: 'She/her' }, { name: 'He/him' }]);
    expect(errors).toEqual([`${at}.1.value: expected a string, but it is missing; ${FORMS}`]);
  });

  it('names a key an option does not have, and a value of the wrong type, by their paths', () => {
    const { at, errors } = errorsWithOptions([
      { name: 'She/her', value: 3 },
      { name: 'He/him', value: 'He/him', label: 'He' },
    ]);
    expect(errors).toEqual([`${at}.0.value: expected a string, got a number; ${FORMS}`, `${at}.1: unknown key "label"; ${FORMS}`]);
  });

  it('names the list form when options are missing or of no form at all', () => {
    const { at, errors } = errorsWithOptions(undefined);
    expect(errors).toEqual([
      `${at}: expected a list of options [{ "name": …, "value": … }, …], or one of "countries", "usStates", "canadianProvinces", but it is missing`,
    ]);
    expect(errorsWithOptions('countri').errors).toEqual([
      `${at}: expected a list of options [{ "name": …, "value": … }, …], or one of "countries", "usStates", "canadianProvinces", got "countri"`,
    ]);
  });
});
