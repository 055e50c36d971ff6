import { describe, expect, it } from 'vitest';
import { configJsonSchemaText } from '../../../src/config/config-json-schema';
import { parseConfig } from '../../../src/config/parse-config';
import { receiverRules } from '../../../src/config/receiver-rules';
import { addField, edited, errorsOf, type Field } from './edited-programme';

const photos: Field = {
  kind: 'file',
  path: 'fields.single.photos',
  label: 'Photos of your rooms',
  accept: ['image/jpeg', 'image/png', 'image/*'],
  maxFiles: 6,
  maxBytes: 15_728_640,
};

/** The default programme with `field` beside the pets question, and where it is. */
function withFileField(field: Field): { config: Record<string, unknown>; at: string } {
  let at = '';
  const config = edited((c) => {
    at = addField(c, 'fields.single.pets', field);
  });
  return { config, at };
}

function errorsWith(field: Field): { errors: string[]; at: string } {
  const { config, at } = withFileField(field);
  return { errors: errorsOf(config), at };
}

describe('a file field in config.json', () => {
  it('is taken with every key the contract names, and the optional ones', () => {
    expect(errorsWith(photos).errors).toEqual([]);
    expect(
      errorsWith({ ...photos, hint: 'Up to six', required: true, imageMaxEdge: 2048, showOnCondition: { path: 'fields.single.pets.value', equals: true } })
        .errors,
    ).toEqual([]);
    expect(errorsWith({ ...photos, accept: ['application/pdf'], maxFiles: 1, maxBytes: 2_147_483_648 }).errors).toEqual([]);
  });

  it('needs accept, maxFiles and maxBytes', () => {
    const bare = Object.fromEntries(Object.entries(photos).filter(([key]) => !['accept', 'maxFiles', 'maxBytes'].includes(key)));
    const { errors, at } = errorsWith(bare);
    expect(errors.map((error) => error.split(':')[0])).toEqual([`${at}.accept`, `${at}.maxFiles`, `${at}.maxBytes`]);
  });

  it('refuses counts, sizes and edges out of bounds, and numbers that are not whole', () => {
    for (const [key, value] of [
      ['maxFiles', 0],
      ['maxFiles', 21],
      ['maxFiles', 2.5],
      ['maxBytes', 0],
      ['maxBytes', 2_147_483_649],
      ['maxBytes', 1.5],
      ['imageMaxEdge', 319],
      ['imageMaxEdge', 8193],
    ] as const) {
      const { errors, at } = errorsWith({ ...photos, [key]: value });
      expect(errors, `${key} ${String(value)}`).toEqual([expect.stringMatching(new RegExp(`^${at.replaceAll('.', '\\.')}\\.${key}: `))]);
    }
    expect(errorsWith({ ...photos, maxBytes: 3_000_000_000 }).errors[0]).toMatch(/the largest file the receiver takes/);
  });

  it('refuses an empty accept, and an entry that is not a MIME type or a type/* kind', () => {
    const empty = errorsWith({ ...photos, accept: [] });
    expect(empty.errors).toEqual([`${empty.at}.accept: expected at least one type of file, such as "application/pdf"`]);
    for (const bad of ['*/*', 'jpeg', '.pdf', 'image/', 'image/jpeg; q=1']) {
      const { errors, at } = errorsWith({ ...photos, accept: ['image/png', bad] });
      expect(errors, bad).toEqual([expect.stringMatching(new RegExp(`^${at.replaceAll('.', '\\.')}\\.accept\\.1: expected a MIME type`))]);
    }
  });

  it("refuses a path outside fields.single: a file list is only a detail question's answer", () => {
    for (const path of ['personalInfo.company', 'agreement', 'platforms.website.url', 'fields.single.a.b', 'fields.single']) {
      const { errors, at } = errorsWith({ ...photos, path });
      expect(errors, path).toEqual([expect.stringMatching(new RegExp(`^${at.replaceAll('.', '\\.')}\\.path: expected fields\\.single\\.<name>`))]);
    }
  });

  it('names a type no file has, with the one meant where it is a common slip', () => {
    const slip = errorsWith({ ...photos, accept: ['image/jpg', 'image/png'] });
    expect(slip.errors).toEqual([
      `${slip.at}.accept.0: "image/jpg" is no MIME type a browser or the receiver gives a file, so no file would match it: write "image/jpeg" instead`,
    ]);
    const made = errorsWith({ ...photos, accept: ['photo/jpeg', 'pdf/*'] });
    expect(made.errors).toEqual([
      expect.stringMatching(new RegExp(`^${made.at.replaceAll('.', '\\.')}\\.accept\\.0: "photo/jpeg" is no real type of file`)),
      expect.stringMatching(new RegExp(`^${made.at.replaceAll('.', '\\.')}\\.accept\\.1: "pdf/\\*" is no real type of file`)),
    ]);
  });

  it('refuses a condition on a file field, whose answer never equals one value', () => {
    const config = edited((c) => {
      addField(c, 'fields.single.pets', photos);
      addField(c, 'fields.single.pets', {
        kind: 'text',
        path: 'fields.single.about',
        label: 'About the photos',
        showOnCondition: { path: 'fields.single.photos', equals: 'x' },
      });
    });
    expect(errorsOf(config)).toEqual([expect.stringMatching(/\.showOnCondition\.path: is a file field: its answer is the list of files chosen/)]);
  });

  it('refuses more files in all than one application may list', () => {
    const config = edited((c) => {
      for (let index = 0; index < 11; index += 1)
        addField(c, 'fields.single.pets', { ...photos, path: `fields.single.morePhotos${String(index)}`, maxFiles: 20 });
    });
    expect(errorsOf(config)).toEqual([
      expect.stringMatching(/\.maxFiles: the programme's file fields take 220 files in all, more than the 200 one application may list/),
    ]);
  });

  it('is still opened by the app with an unknown key in it, left out and listed', () => {
    const { config, at } = withFileField({ ...photos, thumbnails: true });
    const result = parseConfig(config);
    expect(result.ok).toBe(true);
    expect(result.unknownKeys.map((unknown) => unknown.path)).toEqual([`${at}.thumbnails`]);
  });

  it("is described in the JSON Schema with its bounds and accept's pattern", () => {
    const text = configJsonSchemaText();
    expect(text).toMatch(/"const": "file"/);
    expect(text).toMatch(/"maxBytes": \{\s*"type": "integer",\s*"minimum": 1,\s*"maximum": 2147483648/);
    expect(text).toMatch(/"imageMaxEdge": \{\s*"type": "integer",\s*"minimum": 320,\s*"maximum": 8192/);
  });

  it("is given to the receiver as the programme's fileFields", () => {
    const rules = receiverRules(withFileField({ ...photos, required: true }).config);
    if (!rules.ok) throw new Error(JSON.stringify(rules.problems));
    expect(rules.fileFields).toEqual([
      { key: 'photos', accept: ['image/jpeg', 'image/png', 'image/*'], maxFiles: 6, maxBytes: 15_728_640, required: true, imageMaxEdge: 2560 },
    ]);
  });

  it('stops the receiver on a type no file has, as check-config does', () => {
    const rules = receiverRules(withFileField({ ...photos, accept: ['image/jpg'] }).config);
    expect(rules.ok).toBe(false);
  });
});
