import type { ApplicationValues, SingleAnswer, YesNoAnswer } from '../values/application-values';
import { hiddenPaths } from '../rules/field-visibility';
import type { FieldSpec } from '../rules/field-specs';
import { localDigits } from '../values/local-digits';
import { storableText } from '../values/storable-text';
import { fileAnswerOf } from '../values/file-answer';
import { getPath } from '../values/field-paths';
import { FIELDS_PREFIX } from './asked-answers';
import { isCountField, isPlatformKey, platformFields, type PlatformEntry, type PlatformKey } from '../values/platforms';

/** What is sent with the PUT (docs/application-body.md). */
export interface ApplicationBody {
  personalInfo: Omit<ApplicationValues['personalInfo'], 'phone'> & { phone?: { countryCode: string; subscriber: string } };
  platforms: Partial<Record<PlatformKey, PlatformEntry>>;
  fields: Array<{ key: string; value: string }>;
  /**
   * The files of the file fields shown, by the field's key, in the order each field lists them
   * (always present, [] when none). `uploadId` is the receiver's id of the file's upload: '' here,
   * since this function cannot know it; the outbox fills it right before the PUT
   * (src/uploads/with-upload-ids.ts) and never sends an empty one.
   */
  files: Array<{ key: string; uploadId: string; sha256: string }>;
}

function isYesNo(value: SingleAnswer): value is YesNoAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value;
}

/** Flattens an answer into dotted keys: booleans as Yes/No, lists comma-joined. */
function flattenAnswer(key: string, value: unknown, into: Array<{ key: string; value: string }>): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'boolean') into.push({ key, value: value ? 'Yes' : 'No' });
  else if (Array.isArray(value)) {
    // A list of choices; a list of anything else (files kept for a question that is no longer a
    // file field) is no text to send.
    if (value.every((item) => typeof item === 'string')) into.push({ key, value: value.join(', ') });
  } else if (typeof value === 'object') {
    for (const [child, childValue] of Object.entries(value)) flattenAnswer(`${key}.${child}`, childValue, into);
  } else if (typeof value === 'string' || typeof value === 'number') into.push({ key, value: String(value) });
}

/** Text as it is sent: without what no store keeps (storable-text.ts), then trimmed. */
function sendable(text: string): string {
  return storableText(text).trim();
}

function trimmed(entry: PlatformEntry, platform: PlatformKey, locale: string | undefined): PlatformEntry {
  const result: PlatformEntry = {};
  for (const field of platformFields(platform)) {
    const typed = entry[field];
    const value = typed === undefined ? undefined : sendable(typed);
    // A count typed the page's way ("12 000") goes out as the digits it stands for, as before.
    if (value) result[field] = locale !== undefined && isCountField(field) ? (localDigits(value, locale) ?? value) : value;
  }
  return result;
}

/**
 * The body of the PUT: personalInfo as an object (phone left out when both its parts are empty),
 * platforms with a handle (or a url for the website), the answers as a flat key/value list, and
 * the files of the file fields by reference (`files`, upload ids left empty: see ApplicationBody).
 * Hidden follow-ups and file fields, the agreement and platforms.filled are never sent. Counts typed the way
 * `locale` writes numbers are sent as digits.
 */
export function flattenApplication(values: ApplicationValues, specs: readonly FieldSpec[], locale?: string): ApplicationBody {
  const hidden = hiddenPaths(values, specs);
  const { phone, ...personal } = values.personalInfo;
  const personalInfo: ApplicationBody['personalInfo'] = { ...personal };
  // personalInfo keeps its shape; an answer hidden by its condition goes out empty.
  for (const key of Object.keys(personalInfo) as Array<keyof typeof personal>) {
    personalInfo[key] = hidden.has(`personalInfo.${key}`) ? '' : sendable(personalInfo[key]);
  }
  const code = sendable(phone.countryCode);
  const subscriber = sendable(phone.subscriber);
  if (code !== '' || subscriber !== '') personalInfo.phone = { countryCode: code, subscriber };

  const platforms: ApplicationBody['platforms'] = {};
  for (const [key, entry] of Object.entries(values.platforms)) {
    if (!isPlatformKey(key)) continue;
    const sent = key === 'website' ? !hidden.has('platforms.website.url') && Boolean(entry.url?.trim()) : Boolean(entry.handle?.trim());
    if (sent) platforms[key] = trimmed(entry, key, locale);
  }

  const files: ApplicationBody['files'] = [];
  const filePaths = new Set<string>();
  for (const spec of specs) {
    if (spec.type !== 'file') continue;
    filePaths.add(spec.path);
    if (hidden.has(spec.path)) continue;
    const key = spec.path.slice(FIELDS_PREFIX.length);
    for (const file of fileAnswerOf(getPath(values, spec.path))) files.push({ key, uploadId: '', sha256: file.sha256 });
  }

  const fields: ApplicationBody['fields'] = [];
  for (const [key, answer] of Object.entries(values.fields.single)) {
    if (hidden.has(`fields.single.${key}`) || hidden.has(`fields.single.${key}.value`)) continue;
    // A file field's files go in `files`, by reference, never as text.
    if (filePaths.has(`${FIELDS_PREFIX}${key}`)) continue;
    if (isYesNo(answer)) {
      flattenAnswer(`${key}.value`, answer.value, fields);
      const explanation = answer.explanation === undefined ? '' : sendable(answer.explanation);
      if (explanation) fields.push({ key: `${key}.explanation`, value: explanation });
    } else if (typeof answer === 'string') {
      if (sendable(answer) !== '') fields.push({ key, value: sendable(answer) });
    } else flattenAnswer(key, answer, fields);
  }
  // Only the answers the programme asks, where shown (asked-answers.ts): never a key it has no
  // question for (an answer a draft kept from an older programme), never a hidden follow-up.
  const asked = new Set(specs.flatMap((spec) => (spec.type === 'value' && spec.path.startsWith(FIELDS_PREFIX) ? [spec.path] : [])));
  const sent = fields
    .filter((entry) => asked.has(`${FIELDS_PREFIX}${entry.key}`) && !hidden.has(`${FIELDS_PREFIX}${entry.key}`))
    .map((entry) => ({ key: entry.key, value: storableText(entry.value) }));
  return { personalInfo, platforms, fields: sent, files };
}
