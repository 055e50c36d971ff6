import type { ApplicationValues, SingleAnswer } from '../application/values/application-values';
import { isPlatformKey, type PlatformEntry, type PlatformKey } from '../application/values/platforms';
import { isTree, type Tree } from '../application/values/is-tree';
import { readFileAnswer } from '../application/values/file-answer';
import type { ProgrammeForm } from '../application/rules/programme-form';
import { clampStep, type WizardState } from '../wizard/wizard-machine';

/**
 * The draft as stored: the form's values and the wizard's place, with the time it was saved.
 * Reading it back never trusts it: every value is checked against the programme's blank
 * application, so a draft saved for another set of fields keeps what still fits; unknown or
 * mistyped values are dropped with the rest kept, and a record that is not a draft at all is
 * reported as corrupt so the caller can set it aside.
 */

export interface DraftRecord {
  savedAt: number;
  wizard: WizardState;
  values: ApplicationValues;
}

export type RestoredDraft =
  | { kind: 'none' }
  | { kind: 'corrupt'; reason: string }
  | {
      kind: 'restored';
      values: ApplicationValues;
      wizard: WizardState;
      /** Paths of stored values the programme no longer has (or of the wrong type), dropped. */
      dropped: string[];
    };

export function createDraftRecord(wizard: WizardState, values: ApplicationValues, now: number): DraftRecord {
  return { savedAt: now, wizard, values };
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Keeps a stored answer only when it has the shape of the blank one. */
function sameShape(blank: unknown, stored: unknown): boolean {
  if (typeof blank === 'string') return typeof stored === 'string';
  if (typeof blank === 'boolean') return typeof stored === 'boolean';
  if (Array.isArray(blank)) return isStringList(stored);
  return false;
}

function restoreSingle(blank: SingleAnswer, stored: unknown, path: string, dropped: string[]): SingleAnswer {
  if (isTree(blank)) {
    // A yes/no answer: { value: boolean | null, explanation: string }.
    if (!isTree(stored)) {
      if (stored !== undefined) dropped.push(path);
      return blank;
    }
    const value = stored.value === true || stored.value === false ? stored.value : null;
    const explanation = typeof stored.explanation === 'string' ? stored.explanation : '';
    return { value, explanation };
  }
  if (stored === undefined) return blank;
  if (sameShape(blank, stored)) return stored as SingleAnswer;
  dropped.push(path);
  return blank;
}

/**
 * A file field's stored answer: its well-formed files kept, each once; a malformed item is
 * dropped by its index (`fields.single.photos.2`), and a value that is not a list at all by the
 * answer's path, which starts empty. The bytes are the files room's (src/files), found by sha256.
 */
function restoreFiles(stored: unknown, path: string, dropped: string[]): SingleAnswer {
  if (stored === undefined) return [];
  const { answer, leftOut } = readFileAnswer(stored);
  if (answer === undefined) {
    dropped.push(path);
    return [];
  }
  for (const index of leftOut) dropped.push(`${path}.${String(index)}`);
  return answer;
}

function restorePlatforms(stored: unknown, dropped: string[]): Partial<Record<PlatformKey, PlatformEntry>> {
  const platforms: Partial<Record<PlatformKey, PlatformEntry>> = {};
  if (!isTree(stored)) return platforms;
  for (const [key, entry] of Object.entries(stored)) {
    if (!isPlatformKey(key) || !isTree(entry)) {
      dropped.push(`platforms.${key}`);
      continue;
    }
    const kept: PlatformEntry = {};
    for (const field of ['handle', 'followers', 'url', 'monthlyTraffic'] as const) {
      const value = entry[field];
      if (typeof value === 'string') kept[field] = value;
    }
    platforms[key] = kept;
  }
  return platforms;
}

/** Rebuilds the values from a stored draft on top of the programme's blank application. */
export function restoreValues(
  blank: ApplicationValues,
  stored: Tree,
  dropped: string[],
  requiredPlatforms: readonly PlatformKey[] = [],
  /** The paths of the programme's file fields, whose blank list is a list of files, not of choices. */
  filePaths: ReadonlySet<string> = new Set(),
): ApplicationValues {
  const personal = isTree(stored.personalInfo) ? stored.personalInfo : {};
  const personalInfo = { ...blank.personalInfo };
  for (const key of Object.keys(personalInfo) as Array<keyof typeof personalInfo>) {
    if (key === 'phone') continue;
    const value = personal[key];
    if (typeof value === 'string') personalInfo[key] = value;
    else if (value !== undefined) dropped.push(`personalInfo.${key}`);
  }
  for (const key of Object.keys(personal)) if (!Object.hasOwn(personalInfo, key)) dropped.push(`personalInfo.${key}`);
  const phone = isTree(personal.phone) ? personal.phone : {};
  personalInfo.phone = {
    countryCode: typeof phone.countryCode === 'string' ? phone.countryCode : blank.personalInfo.phone.countryCode,
    subscriber: typeof phone.subscriber === 'string' ? phone.subscriber : '',
  };

  const storedSingle = isTree(stored.fields) && isTree(stored.fields.single) ? stored.fields.single : {};
  const single: Record<string, SingleAnswer> = {};
  for (const [key, blankAnswer] of Object.entries(blank.fields.single)) {
    const path = `fields.single.${key}`;
    single[key] = filePaths.has(path) ? restoreFiles(storedSingle[key], path, dropped) : restoreSingle(blankAnswer, storedSingle[key], path, dropped);
  }
  for (const key of Object.keys(storedSingle)) if (!(key in single)) dropped.push(`fields.single.${key}`);

  const cards = Array.isArray(stored.platformCards) ? stored.platformCards.filter(isPlatformKey) : blank.platformCards;
  const values: ApplicationValues = {
    personalInfo,
    platforms: restorePlatforms(stored.platforms, dropped),
    // Every card at most once, and every card the programme requires kept. Only those: the
    // blank's other card is the picker's opener, which the creator may have removed.
    platformCards: [...new Set([...requiredPlatforms.filter((key) => blank.platformCards.includes(key) && !cards.includes(key)), ...cards])],
    fields: { single },
  };
  if ('agreement' in blank) values.agreement = stored.agreement === true;
  return values;
}

function restoreWizard(stored: unknown, stepCount: number): WizardState {
  const tree = isTree(stored) ? stored : {};
  const clamp = (step: number) => clampStep(step, stepCount);
  const current = typeof tree.current === 'number' && Number.isFinite(tree.current) ? clamp(tree.current) : 0;
  const reached = Array.isArray(tree.reached)
    ? tree.reached.filter((step): step is number => typeof step === 'number' && Number.isFinite(step)).map(clamp)
    : [];
  // Every step up to the current one has been reached, whatever the record says.
  const all = new Set([...reached, ...Array.from({ length: current + 1 }, (_, step) => step)]);
  return { current, reached: [...all].sort((a, b) => a - b) };
}

/** Reads a stored draft for a programme; never throws. */
export function restoreDraft(stored: unknown, programme: ProgrammeForm, stepCount: number): RestoredDraft {
  if (stored === undefined || stored === null) return { kind: 'none' };
  if (!isTree(stored)) return { kind: 'corrupt', reason: `expected an object, found ${typeof stored}` };
  if (!isTree(stored.values)) return { kind: 'corrupt', reason: 'the draft has no values' };
  const dropped: string[] = [];
  const filePaths = new Set(programme.context.specs.flatMap((spec) => (spec.type === 'file' ? [spec.path] : [])));
  const values = restoreValues(programme.emptyValues, stored.values, dropped, programme.context.requiredPlatforms, filePaths);
  return { kind: 'restored', values, wizard: restoreWizard(stored.wizard, stepCount), dropped };
}
