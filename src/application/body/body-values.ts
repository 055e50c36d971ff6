import type { ApplicationValues, SingleAnswer } from '../values/application-values';
import { PERSONAL_INFO_TEXT_FIELDS, setPath } from '../values/field-paths';
import { isTree, type Tree } from '../values/is-tree';
import type { PlatformEntry, PlatformKey } from '../values/platforms';
import type { ProgrammeForm } from '../rules/programme-form';
import { answerFromText, askedAnswers, FIELDS_PREFIX } from './asked-answers';
import type { FileReference } from './file-references';

/**
 * The form's values a received body stands for: the inverse of flattenApplication, read into the
 * programme's blank application. Only answers of keys the programme asks are read
 * (asked-answers.ts); parts of the wrong shape read as empty (the shape is refused on its own).
 */
export function valuesOfBody(
  body: Tree,
  answers: ReadonlyArray<{ key: string; value: string }>,
  form: ProgrammeForm,
  /** The body's well-formed references to files (file-references.ts): each field's list, as the form counts it. */
  files: readonly FileReference[] = [],
): ApplicationValues {
  const personal = isTree(body.personalInfo) ? body.personalInfo : {};
  let values: ApplicationValues = form.emptyValues;
  const personalInfo = { ...values.personalInfo };
  for (const key of PERSONAL_INFO_TEXT_FIELDS) personalInfo[key] = typeof personal[key] === 'string' ? personal[key] : '';
  const phone = isTree(personal.phone) ? personal.phone : undefined;
  personalInfo.phone =
    phone && typeof phone.countryCode === 'string' && typeof phone.subscriber === 'string'
      ? { countryCode: phone.countryCode, subscriber: phone.subscriber }
      : { countryCode: '', subscriber: '' };

  const platforms = (isTree(body.platforms) ? body.platforms : {}) as Partial<Record<PlatformKey, PlatformEntry>>;
  const offered = new Set(form.context.specs.flatMap((spec) => (spec.type === 'platforms' ? spec.offered : [])));
  // The picker's cards are the offered platforms that were sent; an unfilled card is never sent.
  const platformCards = (Object.keys(platforms) as PlatformKey[]).filter((key) => offered.has(key));
  values = { ...values, personalInfo, platforms: { ...platforms }, platformCards };
  // The agreement is never sent; the wizard sends nothing before it is ticked.
  if (values.agreement !== undefined) values = { ...values, agreement: true };

  const asked = askedAnswers(form);
  for (const { key, value } of answers) {
    const answer = asked.get(key);
    if (answer) values = setPath(values, answer.path, answerFromText(answer.kind, value) as SingleAnswer);
  }
  // A file field's answer is its list of files; a body names each by its SHA-256 only (the
  // receiver reads the rest from the upload), and the form's rules count them.
  for (const spec of form.context.specs) {
    if (spec.type !== 'file') continue;
    const key = spec.path.slice(FIELDS_PREFIX.length);
    const listed = files.filter((file) => file.key === key).map((file) => ({ sha256: file.sha256, name: '', type: '', size: 0 }));
    values = setPath(values, spec.path, listed);
  }
  // A yes/no question left unanswered is sent without its `.value`: its empty answer stays null.
  return values;
}
