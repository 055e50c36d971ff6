// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_MAX_EDGE } from '../../../../src/application/rules/file-field-limits';
import { acceptsType, fileFieldsOf, isMediaRange } from '../../../../src/application/rules/file-fields';
import { fieldSpecsOf } from '../../../../src/application/rules/field-specs';
import type { FieldConfig } from '../../../../src/application/rules/form-config-schema';
import { conditionsAt, hiddenPaths } from '../../../../src/application/rules/field-visibility';
import { programmeForm } from '../../../../src/application/rules/programme-form';
import { setPath } from '../../../../src/application/values/field-paths';

const photos = {
  kind: 'file',
  path: 'fields.single.roomPhotos',
  label: 'Photos',
  accept: ['image/jpeg', 'Image/PNG'],
  maxFiles: 6,
  maxBytes: 15_000_000,
  required: true,
} satisfies FieldConfig;
const kit = {
  kind: 'file',
  path: 'fields.single.mediaKit',
  label: 'Media kit',
  accept: ['application/pdf'],
  maxFiles: 1,
  maxBytes: 25_000_000,
  imageMaxEdge: 1024,
} satisfies FieldConfig;

describe('acceptsType', () => {
  it('takes the very type, whatever its case and parameters', () => {
    expect(acceptsType(['image/jpeg'], 'image/jpeg')).toBe(true);
    expect(acceptsType(['image/jpeg'], 'IMAGE/JPEG')).toBe(true);
    expect(acceptsType(['Application/PDF'], 'application/pdf')).toBe(true);
    expect(acceptsType(['text/plain'], 'text/plain; charset=utf-8')).toBe(true);
  });

  it('takes every type of a kind written type/*, and nothing of another kind', () => {
    expect(acceptsType(['image/*'], 'image/png')).toBe(true);
    expect(acceptsType(['image/*'], 'image/heic')).toBe(true);
    expect(acceptsType(['image/*'], 'application/pdf')).toBe(false);
    expect(acceptsType(['image/*'], 'imagex/png')).toBe(false);
  });

  it('refuses a type not listed, an empty type and what is no type at all', () => {
    expect(acceptsType(['image/jpeg', 'image/png'], 'image/gif')).toBe(false);
    expect(acceptsType(['application/pdf'], 'application/pdf-x')).toBe(false);
    expect(acceptsType(['image/*'], '')).toBe(false);
    expect(acceptsType(['image/*'], 'image')).toBe(false);
    expect(acceptsType(['image/*'], 'image/')).toBe(false);
    expect(acceptsType(['image/*'], '*/*')).toBe(false);
    expect(acceptsType([], 'image/png')).toBe(false);
  });
});

describe('isMediaRange', () => {
  it('takes MIME types and whole kinds, and nothing looser', () => {
    for (const good of ['image/jpeg', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'image/svg+xml', 'image/*'])
      expect(isMediaRange(good)).toBe(true);
    for (const bad of ['*/*', '*', 'image', 'image/', '/png', 'image/jpeg; q=1', ' image/jpeg', 'image/*/x', '.jpg', 'image/j peg'])
      expect(isMediaRange(bad)).toBe(false);
  });
});

describe('fileFieldsOf', () => {
  const fields: FieldConfig[] = [{ kind: 'text', path: 'fields.single.note', label: 'Note' }, photos];

  it("lists a programme form's file fields in step order, with their defaults filled in and types in lower case", () => {
    const form = programmeForm({ fieldsByStep: [[], fields, [kit]] });
    expect(fileFieldsOf(form)).toEqual([
      { key: 'roomPhotos', accept: ['image/jpeg', 'image/png'], maxFiles: 6, maxBytes: 15_000_000, required: true, imageMaxEdge: DEFAULT_IMAGE_MAX_EDGE },
      { key: 'mediaKit', accept: ['application/pdf'], maxFiles: 1, maxBytes: 25_000_000, required: false, imageMaxEdge: 1024 },
    ]);
    expect(DEFAULT_IMAGE_MAX_EDGE).toBe(2560);
  });

  it("reads a parsed config.json's steps the same way, FormSection blocks only", () => {
    const config = {
      steps: [
        { blocks: [{ component: 'Heading', data: { text: 'Hi' } }] },
        {
          blocks: [
            { component: 'FormSection', data: { fields } },
            { component: 'FormSection', data: { fields: [kit] } },
          ],
        },
      ],
    };
    expect(fileFieldsOf(config).map((field) => field.key)).toEqual(['roomPhotos', 'mediaKit']);
  });

  it('is empty for a programme without a file field', () => {
    expect(fileFieldsOf(programmeForm({ fieldsByStep: [[{ kind: 'text', path: 'fields.single.note', label: 'Note' }]] }))).toEqual([]);
  });
});

describe("a file field's spec", () => {
  it('carries required, maxFiles and its condition, and starts empty', () => {
    const condition = { path: 'fields.single.note', equals: 'yes' };
    expect(fieldSpecsOf([{ ...kit, showOnCondition: condition }], 3)).toEqual([
      { type: 'file', path: 'fields.single.mediaKit', step: 3, required: false, maxFiles: 1, conditions: [condition] },
    ]);
    expect(programmeForm({ fieldsByStep: [[photos]] }).emptyValues.fields.single.roomPhotos).toEqual([]);
  });
});

describe("a file field's visibility", () => {
  const form = programmeForm({
    fieldsByStep: [
      [
        { kind: 'yesNo', path: 'fields.single.hasKit', label: 'Kit?' },
        { ...kit, showOnCondition: { path: 'fields.single.hasKit.value', equals: true } },
      ],
    ],
  });

  it('is decided by its condition, like any answer: on screen, validated and sent only while it holds', () => {
    expect(conditionsAt(form.context.specs, 'fields.single.mediaKit')).toEqual([{ path: 'fields.single.hasKit.value', equals: true }]);
    expect(conditionsAt(form.context.specs, 'fields.single.nothing')).toBeUndefined();
    const no = setPath(form.emptyValues, 'fields.single.hasKit.value', false);
    expect(hiddenPaths(no, form.context.specs).has('fields.single.mediaKit')).toBe(true);
    expect(hiddenPaths(setPath(no, 'fields.single.hasKit.value', true), form.context.specs).has('fields.single.mediaKit')).toBe(false);
  });
});
