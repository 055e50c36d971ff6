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
      exception: {
        values: [{ value: 'Bad handle ada.makes (7700900123)', stacktrace: { frames: [{ vars: { text: 'I photograph Georgian sash windows' } }] } }],
      },
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

  it('drops query strings and fragments from absolute and relative URLs and keeps the path', () => {
    const scrub = stringScrubber([]);
    expect(scrub('GET https://app.example/details?email=a%40b.c&step=2#top')).toBe('GET https://app.example/details');
    expect(scrub('/api/applications?token=abc failed')).toBe('/api/applications failed');
    expect(scrub('opened https://app.example/#access_token=xyz')).toBe('opened https://app.example/');
    expect(scrub('at https://app.example/assets/index-abc.js:12:34')).toBe('at https://app.example/assets/index-abc.js:12:34');
  });

  it('drops the query and fragment of a relative URL at the start of a string or after a space', () => {
    const scrub = stringScrubber([]);
    expect(scrub('/?token=abc')).toBe('/');
    expect(scrub('/#access_token=xyz')).toBe('/');
    expect(scrub('navigated to /?token=abc from /details#top')).toBe('navigated to / from /details');
    expect(scrub('GET /api?token=abc')).toBe('GET /api');
  });

  it("never lets a campaign parameter or #fragment leave in posthog's $current_url, or as a property", () => {
    const event = {
      event: 'Step Viewed',
      properties: {
        $current_url: 'https://app.example/?utm_source=newsletter&utm_campaign=spring&gclid=abc123#step-2',
        $pathname: '/',
        $initial_utm_source: 'newsletter',
        utm_medium: 'email',
        gclid: 'abc123',
        fbclid: 'fb-1',
        step: 2,
      },
    };
    const scrubbed = scrubPersonalData(event, []);
    expect(scrubbed.properties).toEqual({ $current_url: 'https://app.example/', $pathname: '/', step: 2 });
    expect(JSON.stringify(scrubbed)).not.toMatch(/utm|gclid|fbclid|newsletter|spring|abc123|step-2/);
  });

  it("drops a resume link's #resume= fragment from every string, with or without a URL before it", () => {
    const token = `AAECAwQFBgcICQoLDA0ODw.${'k'.repeat(42)}A`;
    const scrubbed = scrubPersonalData(
      {
        url: `https://apply.example/?lang=fr#resume=${token}`,
        navigation: { from: `/#resume=${token}`, to: '/' },
        relative: `went to /partners#resume=${token} then back`,
        hostOnly: `apply.example#resume=${token}`,
        hash: `#resume=${token}`,
        message: `Cannot read the link #resume=${token}: expired`,
        parameter: `read resume=${token} from the hash`,
        encoded: `https://l.example/out/https%3A%2F%2Fapply.example%2F%23resume%3D${token}`,
        malformed: 'the hash was #resume=not-a-valid-token and more',
        quoted: `History.replaceState: URL '/#resume=${token}' refused`,
      },
      [],
    );
    expect(JSON.stringify(scrubbed)).not.toMatch(/resume|AAECAwQFBgcICQoLDA0ODw|kkkkkk|not-a-valid-token/i);
    expect(scrubbed).toMatchObject({
      url: 'https://apply.example/',
      navigation: { from: '/', to: '/' },
      relative: 'went to /partners then back',
      quoted: "History.replaceState: URL '/' refused",
    });
  });

  it('finds a phone number in the formats it comes back in, and the reverse', () => {
    const scrub = stringScrubber(['5035550142']);
    for (const shown of ['(503) 555-0142', '+1 503-555-0142', '503.555.0142', '503 555 0142', '+15035550142', '5035550142']) {
      expect(scrub(`call ${shown} today`)).not.toMatch(/503|0142/);
    }
    expect(stringScrubber(['(503) 555-0142'])('tel:5035550142')).toBe(`tel:${FILTERED}`);
    // A longer run of digits that merely contains the number is another number.
    expect(scrub('order 950355501427')).toBe('order 950355501427');
  });

  it('finds e-mails in any case, typed or not, plain or percent-encoded', () => {
    const scrub = stringScrubber(['ada@example.org']);
    expect(scrub('user ADA@Example.ORG failed')).toBe(`user ${FILTERED} failed`);
    expect(scrub('path /u/ada%40example.org/profile')).toBe(`path /u/${FILTERED}/profile`);
    expect(stringScrubber([])('Zoë.Ünal@Exämple.de wrote')).toBe(`${FILTERED} wrote`);
  });

  it('matches a short value as a whole word only, and a name however it is spaced', () => {
    const scrub = stringScrubber(['Ada', 'Ada Lovelace', 'Bo', 'Lee']);
    expect(scrub('Adapter failed for Ada')).toBe(`Adapter failed for ${FILTERED}`);
    expect(scrub('Sleep, then Lee.')).toBe(`Sleep, then ${FILTERED}.`);
    expect(scrub('Ada\n  Lovelace signed')).toBe(`${FILTERED} signed`);
    expect(stringScrubber(['Lovelace'])('the-lovelaces')).toBe(`the-${FILTERED}s`);
  });

  it('leaves short values alone, so ordinary words are not garbled', () => {
    expect(stringScrubber(['GB', '44', 'No'])('No route to GB')).toBe('No route to GB');
  });

  it("replaces a draft's id in the receiver's path, as the receiver's own log does", () => {
    const scrubbed = scrubPersonalData(
      { breadcrumb: { url: 'https://apply.example/api/drafts/AAECAwQFBgcICQoLDA0ODw', method: 'GET' }, message: 'GET /api/drafts/AAECAwQFBgcICQoLDA0ODw 410' },
      [],
    );
    expect(scrubbed).toEqual({ breadcrumb: { url: 'https://apply.example/api/drafts/:id', method: 'GET' }, message: 'GET /api/drafts/:id 410' });
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
