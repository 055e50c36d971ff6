import type { ApplicationValues, SingleAnswer } from '../application/application-values';
import { isPlatformKey, type PlatformEntry, type PlatformKey } from '../application/platforms';
import type { ProgrammeForm } from '../application/programme-form';
import type { WizardState } from '../wizard/wizard-machine';

/**
 * The draft as stored: the form's values and the wizard's place, stamped with the record's
 * shape version and a fingerprint of the programme's fields. Reading it back never trusts
 * it: every value is checked against the programme's blank application, unknown or
 * mistyped ones are dropped with the rest kept, and a record that is not a draft at all is
 * reported as corrupt so the caller can set it aside.
 */

export const DRAFT_SCHEMA_VERSION = 1;

export interface DraftRecord {
  schemaVersion: number;
  /** Which fields the programme had when the draft was saved. */
  fingerprint: string;
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
      /** True when the draft came from another shape version or another set of fields. */
      migrated: boolean;
    };

/** A short, stable fingerprint of the programme's fields: their paths and kinds, in order. */
export function fieldsFingerprint(programme: ProgrammeForm): string {
  const text = programme.fieldsByStep
    .map((fields, step) => fields.map((field) => `${String(step)}:${field.kind}:${'path' in field ? field.path : ''}`).join('|'))
    .join('/');
  // FNV-1a: enough to tell two field lists apart; this is not security.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function createDraftRecord(programme: ProgrammeForm, wizard: WizardState, values: ApplicationValues, now: number): DraftRecord {
  return { schemaVersion: DRAFT_SCHEMA_VERSION, fingerprint: fieldsFingerprint(programme), savedAt: now, wizard, values };
}

type Tree = Record<string, unknown>;

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    single[key] = restoreSingle(blankAnswer, storedSingle[key], `fields.single.${key}`, dropped);
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
  const last = stepCount - 1;
  const clamp = (step: number) => Math.min(Math.max(0, Math.trunc(step)), last);
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
  const values = restoreValues(programme.emptyValues, stored.values, dropped, programme.context.requiredPlatforms);
  const migrated = stored.schemaVersion !== DRAFT_SCHEMA_VERSION || stored.fingerprint !== fieldsFingerprint(programme);
  return { kind: 'restored', values, wizard: restoreWizard(stored.wizard, stepCount), dropped, migrated };
}
