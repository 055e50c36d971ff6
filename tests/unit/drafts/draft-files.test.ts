// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../../src/application/rules/form-config-schema';
import { programmeForm } from '../../../src/application/rules/programme-form';
import type { FileAnswerItem } from '../../../src/application/values/application-values';
import { createDraftRecord, restoreDraft, type RestoredDraft } from '../../../src/drafts/draft-record';
import { isHandoverPayload } from '../../../src/handover/handover-payload';

const fields = [
  { kind: 'file', path: 'fields.single.photos', label: 'Photos', accept: ['image/*'], maxFiles: 6, maxBytes: 15_000_000 },
  { kind: 'select', path: 'fields.single.rooms', label: 'Rooms', multiple: true, options: [{ name: 'Kitchen', value: 'kitchen' }] },
] satisfies FieldConfig[];
const form = programmeForm({ fieldsByStep: [[], fields] });

const photo = (digit: string): FileAnswerItem => ({ sha256: digit.repeat(64), name: `${digit}.jpg`, type: 'image/jpeg', size: 2048 });

/** A draft as storage gives it back, with `photos` (and `rooms`) as stored. */
function stored(photos: unknown, rooms: unknown = []): unknown {
  const record = createDraftRecord({ current: 1, reached: [0, 1] }, form.emptyValues, 1_000);
  const json = JSON.parse(JSON.stringify(record)) as { values: { fields: { single: Record<string, unknown> } } };
  json.values.fields.single.photos = photos;
  json.values.fields.single.rooms = rooms;
  return json;
}

function restored(result: RestoredDraft): Extract<RestoredDraft, { kind: 'restored' }> {
  if (result.kind !== 'restored') throw new Error(`expected a restored draft, got ${JSON.stringify(result)}`);
  return result;
}

describe('a stored draft with a file field', () => {
  it('keeps its files as they were kept', () => {
    const draft = restored(restoreDraft(stored([photo('a'), photo('b')]), form, 2));
    expect(draft.values.fields.single.photos).toEqual([photo('a'), photo('b')]);
    expect(draft.dropped).toEqual([]);
  });

  it('drops the malformed files of a list by their index and keeps the rest, each file once', () => {
    const list = [
      photo('a'),
      { ...photo('b'), sha256: 'B'.repeat(64) },
      { ...photo('c'), size: -1 },
      photo('a'),
      'photo.jpg',
      null,
      { ...photo('d'), size: 1.5 },
      { ...photo('e'), name: 7 },
      photo('f'),
    ];
    const draft = restored(restoreDraft(stored(list), form, 2));
    expect(draft.values.fields.single.photos).toEqual([photo('a'), photo('f')]);
    expect(draft.dropped).toEqual([1, 2, 3, 4, 5, 6, 7].map((index) => `fields.single.photos.${String(index)}`));
  });

  it('keeps only the parts of a file the answer has', () => {
    const draft = restored(restoreDraft(stored([{ ...photo('a'), blob: { huge: true } }]), form, 2));
    expect(draft.values.fields.single.photos).toEqual([photo('a')]);
  });

  it('starts a file answer that is not a list empty, and reads a missing one as empty, never throwing', () => {
    for (const value of ['a.jpg', 3, true, { 0: photo('a') }, null]) {
      const draft = restored(restoreDraft(stored(value), form, 2));
      expect(draft.values.fields.single.photos, JSON.stringify(value)).toEqual([]);
      expect(draft.dropped).toEqual(['fields.single.photos']);
    }
    const draft = restored(restoreDraft(stored(undefined), form, 2));
    expect(draft.values.fields.single.photos).toEqual([]);
    expect(draft.dropped).toEqual([]);
  });

  it('does not take a list of files for a multi-select, nor a list of choices for a file field', () => {
    const draft = restored(restoreDraft(stored(['kitchen'], [photo('a')]), form, 2));
    expect(draft.values.fields.single.rooms).toEqual([]);
    expect(draft.values.fields.single.photos).toEqual([]);
    expect(draft.dropped).toEqual(['fields.single.photos.0', 'fields.single.rooms']);
  });

  it('drops the files kept for a question that is no longer a file field, as any answer of the wrong shape', () => {
    const text = programmeForm({ fieldsByStep: [[], [{ kind: 'text', path: 'fields.single.photos', label: 'Photos' }]] });
    const draft = restored(restoreDraft(stored([photo('a')]), text, 2));
    expect(draft.values.fields.single.photos).toBe('');
    expect(draft.dropped).toContain('fields.single.photos');
  });

  it('travels in a resume link as the draft does, its files checked when restored', () => {
    const record = stored([photo('a'), 'bad']) as { values: unknown; wizard: unknown };
    const payload = { format: 1, applicationId: 'app-1', revision: 0, savedAt: 1_000, programme: 'digest', wizard: record.wizard, values: record.values };
    expect(isHandoverPayload(payload)).toBe(true);
    expect(restored(restoreDraft(payload, form, 2)).values.fields.single.photos).toEqual([photo('a')]);
  });
});
