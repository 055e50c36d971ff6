// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FILES_FEATURE, HANDOVER_FEATURE, languageFeature, programmeFeatures, PROOF_OF_WORK_FEATURE, TELEMETRY_FEATURE } from '../../../sw/programme-features';

async function example(path: string): Promise<unknown> {
  return JSON.parse(await readFile(new URL(`../../../${path}`, import.meta.url), 'utf8')) as unknown;
}

describe('programmeFeatures', () => {
  it('asks the default programme for no file field and no other catalogue, and for continue on another device', async () => {
    expect([...programmeFeatures(await example('public/config.json'))]).toEqual([HANDOVER_FEATURE]);
  });

  it('asks the files example for file fields', async () => {
    expect(programmeFeatures(await example('docs/examples/config.files.json')).has(FILES_FEATURE)).toBe(true);
  });

  it('asks a programme in English and French for the French catalogue, and only it', async () => {
    const features = programmeFeatures(await example('docs/examples/config.en-fr.json'));
    expect(features.has(languageFeature('fr'))).toBe(true);
    expect(features.has(languageFeature('es'))).toBe(false);
  });

  it('reads a regional tag as its language, a programme in French as needing French, and a language the app lacks as nothing', () => {
    expect([...programmeFeatures({ lang: 'es-MX', continueOnAnotherDevice: false })]).toEqual([languageFeature('es')]);
    expect([...programmeFeatures({ lang: 'FR', continueOnAnotherDevice: false })]).toEqual([languageFeature('fr')]);
    expect([...programmeFeatures({ lang: 'de', languages: ['de', 'nl'], continueOnAnotherDevice: false })]).toEqual([]);
  });

  it('finds a file field however deep in the steps, and leaves out continue on another device when the programme turns it off', () => {
    const steps = [{ blocks: [{ sections: [{ fields: [{ kind: 'text' }, { kind: 'file', path: 'fields.single.x' }] }] }] }];
    expect([...programmeFeatures({ lang: 'en', steps, continueOnAnotherDevice: false })]).toEqual([FILES_FEATURE]);
  });

  it('asks for what analytics and error reporting share when either is configured', () => {
    expect([...programmeFeatures({ lang: 'en', continueOnAnotherDevice: false, analytics: null, errorReporting: { dsn: 'https://k@example.com/1' } })]).toEqual(
      [TELEMETRY_FEATURE],
    );
    expect([...programmeFeatures({ lang: 'en', continueOnAnotherDevice: false, analytics: null, errorReporting: null })]).toEqual([]);
  });

  it('never asks for the proof-of-work solver: the receiver turns it on, and a page that loaded it has it kept', async () => {
    for (const path of ['public/config.json', 'docs/examples/config.files.json', 'docs/examples/config.en-fr.json']) {
      expect(programmeFeatures(await example(path)).has(PROOF_OF_WORK_FEATURE), path).toBe(false);
    }
  });

  it('asks for nothing when the configuration is not an object', () => {
    expect(programmeFeatures(null).size).toBe(0);
    expect(programmeFeatures('{}').size).toBe(0);
  });
});
