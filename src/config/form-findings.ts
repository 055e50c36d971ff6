import { canadianProvinces } from '../application/lookups/canadian-provinces';
import { countries } from '../application/lookups/countries';
import { usStates } from '../application/lookups/us-states';
import { followUpsOf, isRequired } from '../application/rules/field-specs';
import type { FieldConfig, ShowOnCondition, YesNoFieldConfig } from '../application/rules/form-config-schema';
import { COUNTRY_PATH, PHONE_CODE_PATH, PHONE_NUMBER_PATH } from '../application/values/field-paths';
import { DEFAULT_PICKER_PLATFORMS, platformFields, type PlatformKey } from '../application/values/platforms';
import { continueActions } from '../wizard/wizard-machine';
import type { WizardConfig } from './config-schema';
import type { ConfigProblem } from './describe-config-issue';
import { nearest } from './nearest-name';

// What a programme's form says that cannot work: conditions, rule paths, options and paths, and
// a programme in which no step sends. Read by deployFindings (deploy-findings.ts).

interface Option {
  name: string;
  value: string;
}

/** What an answer of the programme holds, as a condition compares it (strictly, `===`). */
type Answer =
  | { kind: 'text' }
  | { kind: 'checkbox' }
  | { kind: 'choice'; multiple: boolean; options: readonly Option[]; builtIn?: string }
  /** A yes/no question's own path: an object `{ value, explanation }`, equal to nothing. */
  | { kind: 'question'; field: YesNoFieldConfig }
  /** A yes/no question's answer, `<path>.value`: true, false, or null before it is answered. */
  | { kind: 'yesNo'; field: YesNoFieldConfig }
  /** A file field's answer: a list of files, equal to nothing. */
  | { kind: 'file' };

const BUILT_IN_LISTS: Readonly<Record<string, () => readonly Option[]>> = {
  countries: () => countries.map((country) => ({ name: country.country, value: country.isoCode2 })),
  usStates: () => usStates.map((state) => ({ name: state.name, value: state.code })),
  canadianProvinces: () => canadianProvinces.map((province) => ({ name: province.name, value: province.code })),
};

interface PlacedField {
  /** Where the field is in the document, such as `steps.2.blocks.0.data.fields.3`. */
  at: string;
  field: FieldConfig;
}

function placedFields(config: WizardConfig): PlacedField[] {
  return config.steps.flatMap((step, s) =>
    step.blocks.flatMap((block, b) =>
      block.component === 'FormSection'
        ? block.data.fields.map((field, f) => ({ at: `steps.${String(s)}.blocks.${String(b)}.data.fields.${String(f)}`, field }))
        : [],
    ),
  );
}

/** A field's answers, by path: what conditions can name. */
function answersOf(fields: readonly PlacedField[], config: WizardConfig): { answers: Map<string, Answer>; bounded: Set<string> } {
  const answers = new Map<string, Answer>();
  // The answers `fieldRules` bounds apply to (validate-application.ts): not the phone's parts.
  const bounded = new Set<string>();
  const add = (path: string, answer: Answer, hasBounds = true) => {
    if (!answers.has(path)) answers.set(path, answer);
    if (hasBounds && answer.kind !== 'question') bounded.add(path);
  };
  for (const { field } of fields) {
    switch (field.kind) {
      case 'text':
        add(field.path, { kind: 'text' });
        break;
      case 'checkbox':
        add(field.path, { kind: 'checkbox' });
        break;
      case 'select':
        add(
          field.path,
          typeof field.options === 'string'
            ? { kind: 'choice', multiple: field.multiple === true, options: BUILT_IN_LISTS[field.options]?.() ?? [], builtIn: field.options }
            : { kind: 'choice', multiple: field.multiple === true, options: field.options },
        );
        break;
      case 'yesNo':
        add(field.path, { kind: 'question', field });
        add(`${field.path}.value`, { kind: 'yesNo', field });
        for (const followUp of followUpsOf(field)) add(followUp.path, { kind: 'text' });
        break;
      case 'phone':
        add(PHONE_CODE_PATH, { kind: 'text' }, false);
        add(PHONE_NUMBER_PATH, { kind: 'text' }, false);
        // Choosing a code sets the country (src/fields), an ISO code, field or no field.
        add(COUNTRY_PATH, { kind: 'choice', multiple: false, options: BUILT_IN_LISTS.countries?.() ?? [], builtIn: 'countries' }, false);
        break;
      case 'file':
        add(field.path, { kind: 'file' }, false);
        break;
      case 'platforms': {
        const keys = new Set<PlatformKey>([...(field.platforms ?? DEFAULT_PICKER_PLATFORMS), ...(config.requiredPlatforms ?? [])]);
        for (const key of keys) for (const part of platformFields(key)) add(`platforms.${key}.${part}`, { kind: 'text' });
        break;
      }
    }
  }
  return { answers, bounded };
}

/** A condition as a deployer writes it in config.json. */
function written(path: string, equals: unknown): string {
  return `{ "path": ${JSON.stringify(path)}, "equals": ${JSON.stringify(equals)} }`;
}

const YES_WORDS = ['yes', 'y', 'true', 'on', 'checked', 'ticked', '1'];
const NO_WORDS = ['no', 'n', 'false', 'off', 'unchecked', 'unticked', '0'];

/** What a deployer meant by a yes or no written as text or a number ("Yes", a yes/no's own label), if plain. */
function meantBoolean(value: unknown, labels: { yes?: string | undefined; no?: string | undefined } = {}): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const word = String(value).trim().toLowerCase();
  if (YES_WORDS.includes(word) || word === labels.yes?.trim().toLowerCase()) return true;
  if (NO_WORDS.includes(word) || word === labels.no?.trim().toLowerCase()) return false;
  return undefined;
}

function listed(values: readonly string[]): string {
  const shown = values.slice(0, 8).map((value) => JSON.stringify(value));
  return values.length > shown.length ? `${shown.join(', ')}, … (${String(values.length)} in all)` : shown.join(', ');
}

/** The problems of one `showOnCondition`, at `at` (`….showOnCondition`), of a field whose own answers are `own`. */
function conditionFindings(at: string, condition: ShowOnCondition, own: readonly string[], answers: ReadonlyMap<string, Answer>): ConfigProblem[] {
  const { path, equals } = condition;
  const onPath = (message: string) => [{ path: `${at}.path`, message }];
  const onEquals = (message: string) => [{ path: `${at}.equals`, message }];
  if (own.includes(path)) return onPath(`is this field's own answer, so the field would hide itself (or never show); name another question's path`);
  const answer = answers.get(path);
  if (!answer) {
    const base = path.endsWith('.value') ? path.slice(0, -'.value'.length) : undefined;
    const baseAnswer = base === undefined ? undefined : answers.get(base);
    if (base !== undefined && baseAnswer && baseAnswer.kind !== 'question') {
      return onPath(
        `names no answer: only a yes/no question's answer is at <path>.value; the answer of "${base}" is at its path: write ${written(base, equals)} instead`,
      );
    }
    const meant = nearest(path, [...answers.keys()], 'path');
    return onPath(
      `names no field of this programme${meant === undefined ? '' : `; did you mean ${JSON.stringify(meant)}?`} (a condition names a field's path, and for a yes/no question its path followed by .value), so the field would never show`,
    );
  }
  switch (answer.kind) {
    case 'question': {
      const value = meantBoolean(equals, { yes: answer.field.yesLabel, no: answer.field.noLabel }) ?? true;
      return onPath(
        `is a yes/no question, whose answer is at "${path}.value" (true for yes, false for no), so the field would never show: write ${written(`${path}.value`, value)} instead`,
      );
    }
    case 'yesNo':
    case 'checkbox': {
      if (typeof equals === 'boolean') return [];
      const what = answer.kind === 'yesNo' ? 'a yes/no answer is true (yes) or false (no)' : 'a checkbox is true (ticked) or false (not ticked)';
      const labels = answer.kind === 'yesNo' ? { yes: answer.field.yesLabel, no: answer.field.noLabel } : {};
      const value = meantBoolean(equals, labels);
      const instead = value === undefined ? `${written(path, true)} or ${written(path, false)}` : written(path, value);
      return onEquals(`${what}, never ${JSON.stringify(equals)}, so the field would never show: write ${instead} instead`);
    }
    case 'file':
      return onPath(
        `is a file field: its answer is the list of files chosen, which never equals one value, so the field would never show; a condition can follow a single select, a yes/no question, a checkbox or a text field`,
      );
    case 'text':
      if (typeof equals === 'string') return [];
      return onEquals(
        `the answer at "${path}" is text, never the ${typeof equals} ${JSON.stringify(equals)}, so the field would never show: write ${written(path, String(equals))} instead`,
      );
    case 'choice': {
      if (answer.multiple) {
        return onPath(
          `is a multi-select: its answer is the list of chosen options, which never equals one value, so the field would never show; a condition can follow a single select (without "multiple"), a yes/no question, a checkbox or a text field`,
        );
      }
      const values = answer.options.map((option) => option.value);
      if (typeof equals === 'string' && values.includes(equals)) return [];
      const text = String(equals).trim().toLowerCase();
      const option =
        answer.options.find((candidate) => candidate.value.toLowerCase() === text) ??
        answer.options.find((candidate) => candidate.name.trim().toLowerCase() === text);
      if (option)
        return onEquals(
          `${JSON.stringify(equals)} is not a value of the select "${path}", so the field would never show: write ${written(path, option.value)} instead (an option's value, not its name)`,
        );
      const known =
        answer.builtIn === undefined
          ? `its values are ${listed(values)}`
          : `its values are the codes of the built-in list "${answer.builtIn}", such as ${listed(values.slice(0, 3))}`;
      return onEquals(`${JSON.stringify(equals)} is not a value of the select "${path}", so the field would never show; ${known}`);
    }
  }
}

/** Whether any step's Continue sends the application, by the wizard's own rule (continueActions). */
function someStepSends(stepCount: number, skipLastStep: boolean): boolean {
  return Array.from({ length: stepCount }, (_, step) => step).some((step) => continueActions(step, stepCount, skipLastStep).includes('submit'));
}

/**
 * The problems of a parsed programme's form: a `showOnCondition` that names no answer or a value
 * it never holds, a `fieldRules` path that names no field, a required select without options, two
 * fields with one path, and a programme in which no step sends. Pure.
 */
export function formFindings(config: WizardConfig): ConfigProblem[] {
  const fields = placedFields(config);
  const { answers, bounded } = answersOf(fields, config);
  const findings: ConfigProblem[] = [];
  if (!someStepSends(config.steps.length, config.skipLastStep ?? false)) {
    findings.push({
      path: 'steps',
      message: `no step sends the application: with ${String(config.steps.length)} steps and no "skipLastStep", Continue on the first step only moves on and the last step only opens the creator hub; add a form step before the last one, or set "skipLastStep": true so the last step sends`,
    });
  }
  const claimed = new Map<string, string>();
  const claim = (path: string, at: string, where: string, what: string) => {
    const first = claimed.get(path);
    if (first === undefined) claimed.set(path, at);
    else findings.push({ path: where, message: `${what} is also the field at ${first}: two fields would share one answer` });
  };

  for (const { at, field } of fields) {
    if (field.kind === 'phone' || field.kind === 'platforms') {
      claim(field.kind, at, `${at}.kind`, `a second ${field.kind} field: it`);
      continue;
    }
    claim(field.path, at, `${at}.path`, JSON.stringify(field.path));
    if (field.kind === 'select' && Array.isArray(field.options) && field.options.length === 0 && isRequired(field)) {
      findings.push({
        path: `${at}.options`,
        message: `a required select with no options: no creator could answer it, so no application could be finished; add options, or set "required": false`,
      });
    }
    const own = field.kind === 'yesNo' ? [field.path, `${field.path}.value`, ...followUpsOf(field).map((followUp) => followUp.path)] : [field.path];
    if (field.showOnCondition) findings.push(...conditionFindings(`${at}.showOnCondition`, field.showOnCondition, own, answers));
    if (field.kind === 'yesNo') {
      (field.followUp ?? []).forEach((followUp, index) => {
        const followUpAt = `${at}.followUp.${String(index)}`;
        claim(followUp.path, followUpAt, `${followUpAt}.path`, JSON.stringify(followUp.path));
        if (followUp.showOnCondition) findings.push(...conditionFindings(`${followUpAt}.showOnCondition`, followUp.showOnCondition, [followUp.path], answers));
      });
    }
  }

  // `platforms.*.handle` bounds the handle of every platform (validate-application.ts).
  const ruleable = new Set(bounded);
  for (const path of bounded) {
    const [section, , part] = path.split('.');
    if (section === 'platforms' && part !== undefined) ruleable.add(`platforms.*.${part}`);
  }
  for (const path of Object.keys(config.fieldRules ?? {})) {
    if (ruleable.has(path)) continue;
    const meant = nearest(path, [...ruleable], 'path');
    findings.push({
      path: `fieldRules.${path}`,
      message: `names no field of this programme${meant === undefined ? '' : `; did you mean ${JSON.stringify(meant)}?`} (a rule names a field's path, such as "personalInfo.firstName", or "platforms.*.handle" for every platform), so its bounds would never apply`,
    });
  }
  return findings;
}
