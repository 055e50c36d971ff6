// @vitest-environment node
// The install dialog's screenshots are shipped only with the programme they show, and named in its words.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { programmeDigest } from '../../../server/programme/programme-digest.mjs';
import { manifestScreenshots, SCREENSHOTS_RECORD, screenshotsRecord } from '../../../scripts/manifest-screenshots.mjs';

const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), '../../..'));
const DEFAULT = readFileSync(join(ROOT, 'public/config.json'), 'utf8');

/** Another programme: French words, another title. */
function rideaux(): string {
  const config = JSON.parse(DEFAULT) as { programmeTitle: string; lang: string; steps: Array<{ name: string }> };
  config.programmeTitle = 'Programme créateurs Rideaux & Cie';
  config.lang = 'fr';
  const names = ['Bienvenue', 'Informations', 'Détails', 'Espace créateur'];
  config.steps.forEach((step, index) => (step.name = names[index] ?? step.name));
  return JSON.stringify(config, null, 2);
}

const recordFor = (text: string) => JSON.stringify(screenshotsRecord(text));

describe('the manifest screenshots', () => {
  it('are shipped with the programme they were made from, labelled in its words', () => {
    const text = rideaux();
    const screenshots = manifestScreenshots(text, recordFor(text));
    expect(screenshots.map((screenshot) => [screenshot.src, screenshot.form_factor, screenshot.label])).toEqual([
      ['/screenshots/welcome-narrow.webp', 'narrow', 'Programme créateurs Rideaux & Cie · Bienvenue'],
      ['/screenshots/basic-info-narrow.webp', 'narrow', 'Programme créateurs Rideaux & Cie · Informations'],
      ['/screenshots/welcome-wide.webp', 'wide', 'Programme créateurs Rideaux & Cie · Bienvenue'],
      ['/screenshots/basic-info-wide.webp', 'wide', 'Programme créateurs Rideaux & Cie · Informations'],
    ]);
    expect(JSON.stringify(screenshots)).not.toContain('Hartwell');
  });

  it('are left out of a build of any other programme, or when it is not known which they show', () => {
    expect(manifestScreenshots(rideaux(), recordFor(DEFAULT))).toEqual([]);
    expect(manifestScreenshots(DEFAULT, recordFor(rideaux()))).toEqual([]);
    expect(manifestScreenshots(DEFAULT, null)).toEqual([]);
    expect(manifestScreenshots(DEFAULT, '{ "configDigest": ')).toEqual([]);
  });

  it('committed are pictures of the committed public/config.json (else run npm run generate:screenshots)', () => {
    const record = JSON.parse(readFileSync(join(ROOT, SCREENSHOTS_RECORD), 'utf8')) as { configDigest: string };
    expect(record.configDigest, 'public/screenshots/ show another programme: run `npm run generate:screenshots` and commit the files').toBe(
      programmeDigest(DEFAULT),
    );
    expect(manifestScreenshots(DEFAULT, JSON.stringify(record))).toHaveLength(4);
  });
});
