// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flattenApplication, type ApplicationBody } from '../../../../src/application/body/flatten-application';
import { validateApplicationBody } from '../../../../src/application/body/validate-application-body';
import type { FieldConfig } from '../../../../src/application/rules/form-config-schema';
import { programmeForm } from '../../../../src/application/rules/programme-form';
import { validateApplication } from '../../../../src/application/rules/validate-application';
import type { ApplicationValues, FileAnswerItem } from '../../../../src/application/values/application-values';
import { setPath } from '../../../../src/application/values/field-paths';
import { completeValues, defaultProgramme } from '../../../fixtures/default-programme';

const sha = (digit: string): string => digit.repeat(64);
const uploadId = (digit: string): string => digit.repeat(32);
const file = (digit: string, type = 'image/jpeg'): FileAnswerItem => ({ sha256: sha(digit), name: `${digit}.jpg`, type, size: 1000 });

/** A programme of three questions: photos (required, at most 3), a kit shown only to those who have one, and a note. */
const fields = [
  { kind: 'file', path: 'fields.single.photos', label: 'Photos', accept: ['image/*'], maxFiles: 3, maxBytes: 15_000_000, required: true },
  { kind: 'yesNo', path: 'fields.single.hasKit', label: 'Do you have a media kit?', required: false, followUp: [] },
  {
    kind: 'file',
    path: 'fields.single.kit',
    label: 'Media kit',
    accept: ['application/pdf'],
    maxFiles: 1,
    maxBytes: 25_000_000,
    showOnCondition: { path: 'fields.single.hasKit.value', equals: true },
  },
  { kind: 'text', path: 'fields.single.note', label: 'Note', required: false },
] satisfies FieldConfig[];
const form = programmeForm({ fieldsByStep: [[], fields] });

function values(single: Record<string, unknown>): ApplicationValues {
  let result = form.emptyValues;
  for (const [key, value] of Object.entries(single)) result = setPath(result, `fields.single.${key}`, value);
  return result;
}

/** The body the page sends for these answers, with the upload ids the outbox fills in. */
function sent(single: Record<string, unknown>): ApplicationBody {
  const body = flattenApplication(values(single), form.context.specs);
  return { ...body, files: body.files.map((entry) => ({ ...entry, uploadId: uploadId(entry.sha256.charAt(0)) })) };
}

/** A copy of a body without its `files`, as a page built before file fields sends it. */
const withoutFiles = (body: ApplicationBody): Record<string, unknown> => Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'files'));

const rulesOf = (body: unknown) => validateApplicationBody(body, form).map(({ path, rule }) => ({ path, rule }));

describe('flattenApplication with file fields', () => {
  it("lists each shown file field's files by key and sha256, with the upload id left empty, and never as an answer in fields", () => {
    const body = flattenApplication(
      values({ photos: [file('a'), file('b')], hasKit: { value: true }, kit: [file('c', 'application/pdf')], note: 'hi' }),
      form.context.specs,
    );
    expect(body.files).toEqual([
      { key: 'photos', uploadId: '', sha256: sha('a') },
      { key: 'photos', uploadId: '', sha256: sha('b') },
      { key: 'kit', uploadId: '', sha256: sha('c') },
    ]);
    expect(body.fields).toEqual([
      { key: 'hasKit.value', value: 'Yes' },
      { key: 'note', value: 'hi' },
    ]);
  });

  it('sends no file of a file field its condition hides, and files: [] when there are none', () => {
    const body = flattenApplication(values({ photos: [file('a')], hasKit: { value: false }, kit: [file('c', 'application/pdf')] }), form.context.specs);
    expect(body.files).toEqual([{ key: 'photos', uploadId: '', sha256: sha('a') }]);
    expect(flattenApplication(completeValues(), defaultProgramme.context.specs).files).toEqual([]);
  });

  it('sends only well-formed files, each once, and nothing of a file list kept for a question that is not a file field', () => {
    const broken = [file('a'), { sha256: 'nope', name: 'x', type: 'image/png', size: 1 }, file('a'), null];
    const body = flattenApplication(values({ photos: broken, note: [file('d')] }), form.context.specs);
    expect(body.files).toEqual([{ key: 'photos', uploadId: '', sha256: sha('a') }]);
    expect(body.fields).toEqual([]);
  });
});

describe("the form's rules of a file field", () => {
  it('asks for at least one file when required, and at most maxFiles, by the field path', () => {
    expect(validateApplication(values({ photos: [] }), form.context)).toEqual([{ path: 'fields.single.photos', message: 'fileRequired', rule: 'required' }]);
    expect(validateApplication(values({ photos: [file('a'), file('b'), file('c'), file('d')] }), form.context)).toEqual([
      { path: 'fields.single.photos', message: 'fileCount:3', rule: 'file-count' },
    ]);
    expect(validateApplication(values({ photos: [file('a')] }), form.context)).toEqual([]);
  });

  it('skips a hidden file field, and lets an optional one be empty', () => {
    const tooMany = [file('a', 'application/pdf'), file('b', 'application/pdf')];
    expect(validateApplication(values({ photos: [file('a')], hasKit: { value: false }, kit: tooMany }), form.context)).toEqual([]);
    expect(validateApplication(values({ photos: [file('a')], hasKit: { value: true }, kit: tooMany }), form.context)).toEqual([
      { path: 'fields.single.kit', message: 'fileCount:1', rule: 'file-count' },
    ]);
    expect(validateApplication(values({ photos: [file('a')], hasKit: { value: true }, kit: [] }), form.context)).toEqual([]);
  });
});

describe('validateApplicationBody with files', () => {
  it('takes the body the page sends', () => {
    expect(rulesOf(sent({ photos: [file('a'), file('b')], hasKit: { value: true }, kit: [file('c', 'application/pdf')] }))).toEqual([]);
  });

  it('reads a body without files as one with none: a page built before file fields still sends to a programme without them', () => {
    const body = flattenApplication({ ...completeValues(), agreement: true }, defaultProgramme.context.specs);
    expect(validateApplicationBody(withoutFiles(body), defaultProgramme)).toEqual([]);
    expect(validateApplicationBody(body, defaultProgramme)).toEqual([]);
    expect(rulesOf(withoutFiles(sent({ photos: [file('a')] })))).toEqual([{ path: 'files.photos', rule: 'required' }]);
  });

  it("refuses a required file field without files, and more files than a field's maxFiles, by files.<key>", () => {
    expect(rulesOf(sent({ photos: [] }))).toEqual([{ path: 'files.photos', rule: 'required' }]);
    expect(validateApplicationBody(sent({ photos: [] }), form)[0]?.message).toBe('fileRequired');
    expect(rulesOf(sent({ photos: [file('a'), file('b'), file('c'), file('d')] }))).toEqual([{ path: 'files.photos', rule: 'file-count' }]);
  });

  it('refuses files that is not a list, an entry of the wrong shape, and a body listing more files than any programme takes', () => {
    const body = sent({ photos: [file('a')] });
    expect(rulesOf({ ...body, files: {} })).toEqual([{ path: 'files', rule: 'file-reference' }]);
    expect(rulesOf({ ...body, files: [...body.files, 'photo.jpg', { key: 'photos', uploadId: uploadId('b') }, { ...body.files[0], extra: 1 }] })).toEqual([
      { path: 'files.1', rule: 'file-reference' },
      { path: 'files.2', rule: 'file-reference' },
      { path: 'files.3', rule: 'file-reference' },
    ]);
    const many = Array.from({ length: 201 }, (_, index) => ({
      key: 'photos',
      uploadId: index.toString(16).padStart(32, '0'),
      sha256: index.toString(16).padStart(64, '0'),
    }));
    expect(rulesOf({ ...body, files: many })).toEqual([{ path: 'files', rule: 'file-count' }]);
  });

  it('refuses an upload id or a sha256 that is not lower-case hex of its length', () => {
    const body = sent({ photos: [file('a'), file('b')] });
    const [first, second] = body.files as [ApplicationBody['files'][number], ApplicationBody['files'][number]];
    for (const id of ['', 'A'.repeat(32), 'a'.repeat(31), 'a'.repeat(33), '../../etc/passwd', 'g'.repeat(32)]) {
      expect(rulesOf({ ...body, files: [first, { ...second, uploadId: id }] }), id).toEqual([{ path: 'files.photos[1]', rule: 'file-reference' }]);
    }
    for (const hash of ['', 'A'.repeat(64), 'a'.repeat(63)]) {
      expect(rulesOf({ ...body, files: [{ ...first, sha256: hash }, second] }), hash).toEqual([{ path: 'files.photos[0]', rule: 'file-reference' }]);
    }
  });

  it('refuses the same file twice in a field, and the same upload twice in a body', () => {
    const body = sent({ photos: [file('a'), file('b')] });
    const [first, second] = body.files as [ApplicationBody['files'][number], ApplicationBody['files'][number]];
    expect(rulesOf({ ...body, files: [first, { ...second, sha256: first.sha256 }] })).toEqual([{ path: 'files.photos[1]', rule: 'file-reference' }]);
    expect(rulesOf({ ...body, files: [first, { ...second, uploadId: first.uploadId }] })).toEqual([{ path: 'files.photos[1]', rule: 'file-reference' }]);
  });

  it('refuses files for a key no file field has, by its place in the body, never by the key sent', () => {
    const body = sent({ photos: [file('a')] });
    const entry = { uploadId: uploadId('e'), sha256: sha('e') };
    const issues = validateApplicationBody({ ...body, files: [...body.files, { key: 'note', ...entry }, { key: 'evil\n<script>', ...entry }] }, form);
    expect(issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: 'files.1.key', rule: 'not-asked' },
      { path: 'files.2.key', rule: 'not-asked' },
    ]);
    expect(JSON.stringify(issues)).not.toContain('evil');
    expect(
      validateApplicationBody(
        { ...flattenApplication({ ...completeValues(), agreement: true }, defaultProgramme.context.specs), files: [{ key: 'roomPhotos', ...entry }] },
        defaultProgramme,
      ).map(({ path, rule }) => ({ path, rule })),
    ).toEqual([{ path: 'files.0.key', rule: 'not-asked' }]);
  });

  it("refuses files of a file field the body's own answers hide", () => {
    const body = sent({ photos: [file('a')], hasKit: { value: true }, kit: [file('c', 'application/pdf')] });
    const hidden = { ...body, fields: body.fields.map((entry) => (entry.key === 'hasKit.value' ? { ...entry, value: 'No' } : entry)) };
    expect(rulesOf(hidden)).toEqual([{ path: 'files.kit', rule: 'not-asked' }]);
  });

  it('refuses a file field answered in fields, saying where its files go', () => {
    const body = sent({ photos: [file('a')] });
    const issues = validateApplicationBody({ ...body, fields: [...body.fields, { key: 'photos', value: 'a.jpg' }] }, form);
    expect(issues).toEqual([
      { path: 'fields.single.photos', rule: 'not-asked', message: 'a file question: its files are listed in "files", not answered in "fields"' },
    ]);
  });
});
