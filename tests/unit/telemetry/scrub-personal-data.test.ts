import { describe, expect, it } from 'vitest';
import { FILTERED, scrubPersonalData, stringScrubber } from '../../../src/telemetry/scrub-personal-data';
import { stringLeaves } from '../../../src/telemetry/personal-values';

const typed = {
  personalInfo: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: { code: '44', number: '7700900123' } },
  platforms: { instagram: { handle: 'ada.makes', followers: '12000' } },
  fields: { about: 'I photograph Georgian sash windows', country: 'GB' },
};
const personal = stringLeaves(typed);

describe('scrubPersonalData', () => {
  it('lets none of the typed values through, however deep they hide', () => {
    const event = {
      message: 'Could not parse ada@example.org for Ada Lovelace',
      exception: { values: [{ value: 'Bad handle ada.makes (7700900123)', stacktrace: { frames: [{ vars: { text: 'I photograph Georgian sash windows' } }] } }] },
      breadcrumbs: [{ category: 'ui.input', message: 'input[name="lastName"] Lovelace' }],
      extra: { list: ['12000 followers', { nested: 'lovelace' }] },
    };
    const serialised = JSON.stringify(scrubPersonalData(event, personal));
    for (const value of ['ada@example.org', 'Lovelace', 'lovelace', 'ada.makes', '7700900123', 'Georgian sash', '12000']) {
      expect(serialised).not.toContain(value);
    }
    expect(serialised).toContain(FILTERED);
    expect(serialised).toContain('input[name=\\"lastName\\"]');
  });

  it('removes any e-mail address, typed here or not', () => {
    expect(stringScrubber([])('mail someone.else+tag@mail.example.co.uk now')).toBe(`mail ${FILTERED} now`);
  });

  it('drops query strings from absolute and relative URLs and keeps the path', () => {
    const scrub = stringScrubber([]);
    expect(scrub('GET https://app.example/details?email=a%40b.c&step=2#top')).toBe('GET https://app.example/details#top');
    expect(scrub('/api/applications?token=abc failed')).toBe('/api/applications failed');
  });

  it('leaves short values alone, so ordinary words are not garbled', () => {
    expect(stringScrubber(['GB', '44', 'No'])('No route to GB')).toBe('No route to GB');
  });

  it('keeps keys, numbers and booleans, copies rather than mutating, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { step: 2, ok: true, name: 'Ada Lovelace' };
    cyclic.self = cyclic;
    const scrubbed = scrubPersonalData(cyclic, personal);
    expect(scrubbed).toMatchObject({ step: 2, ok: true, name: `${FILTERED} ${FILTERED}`, self: FILTERED });
    expect(cyclic.name).toBe('Ada Lovelace');
  });

  it('treats values as text, not as patterns', () => {
    expect(stringScrubber(['a+b (c)'])('value a+b (c) here')).toBe(`value ${FILTERED} here`);
  });
});

describe('stringLeaves', () => {
  it('collects every non-blank string of nested form values', () => {
    expect(stringLeaves({ a: ' x ', b: ['y', { c: 'z', d: 3, e: true, f: null }], g: '  ' })).toEqual(['x', 'y', 'z']);
  });
});
