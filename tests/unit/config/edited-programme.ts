// A copy of the default programme edited for a test of the configuration checker, and its findings.
import { checkConfigText } from '../../../src/config/check-config';
import defaultConfigText from '../../../public/config.json?raw';

export type Config = Record<string, unknown>;
export type Field = Record<string, unknown>;

/** The default programme (public/config.json) as `change` leaves it. */
export function edited(change: (config: Config) => void): Config {
  const config = JSON.parse(defaultConfigText) as Config;
  change(config);
  return config;
}

/** The fields of the form section of a step that holds `path` (step 1: Basic Info, step 2: Details). */
export function sectionWith(config: Config, path: string): { fields: Field[]; at: string } {
  const steps = config.steps as Array<{ blocks: Array<{ component: string; data: { fields?: Field[] } }> }>;
  for (const [s, step] of steps.entries()) {
    for (const [b, block] of step.blocks.entries()) {
      if (block.data.fields?.some((field) => field.path === path))
        return { fields: block.data.fields, at: `steps.${String(s)}.blocks.${String(b)}.data.fields` };
    }
  }
  throw new Error(`no section holds ${path}`);
}

/** Adds a field to the section of `beside`, returning its location in the document. */
export function addField(config: Config, beside: string, field: Field): string {
  const { fields, at } = sectionWith(config, beside);
  fields.push(field);
  return `${at}.${String(fields.length - 1)}`;
}

/** The checker's errors, each as `path: message`. */
export function errorsOf(config: Config): string[] {
  return checkConfigText(JSON.stringify(config)).errors.map((problem) => `${problem.path}: ${problem.message}`);
}

/** A text field shown on `condition`, beside the pets question on Details. */
export function conditional(condition: unknown): { config: Config; at: string } {
  let at = '';
  const config = edited((c) => {
    at = addField(c, 'fields.single.pets', { kind: 'text', path: 'fields.single.petNames', label: 'Their names', showOnCondition: condition });
  });
  return { config, at: `${at}.showOnCondition` };
}
