import { describe, expect, it } from 'vitest';
import { checkConfigText } from '../../../src/config/check-config';
import { parseConfig } from '../../../src/config/parse-config';
import { receiverRules } from '../../../src/config/receiver-rules';
import { inLanguage, offeredLanguages, translationProblems } from '../../../src/config/translated-config';
import defaultConfigText from '../../../public/config.json?raw';
import { bilingualProgramme } from '../../fixtures/bilingual-programme';
import { FRENCH, frenchProgramme } from '../../fixtures/french-programme';
import { SPANISH, spanishProgramme } from '../../fixtures/spanish-programme';

const english = JSON.parse(defaultConfigText) as Record<string, unknown>;
const bilingual = () => bilingualProgramme({ en: english, fr: frenchProgramme(english) });

describe('a programme in several languages', () => {
  it('offers its default language first, and only that when languages does not name it', () => {
    expect(offeredLanguages({ lang: 'fr', languages: ['en', 'fr'] })).toEqual(['fr', 'en']);
    expect(offeredLanguages({ lang: 'en' })).toEqual(['en']);
    expect(offeredLanguages({ lang: 'en', languages: ['fr', 'es'] })).toEqual(['en']);
  });

  it('reads each text in the language asked for, the default where one is missing', () => {
    const raw = {
      lang: 'en',
      languages: ['en', 'fr'],
      title: { en: 'Apply', fr: 'Postuler' },
      programmeTitle: { en: 'Only English' },
      steps: [{ name: { en: 'Welcome', fr: 'Bienvenue' } }],
    };
    expect(inLanguage(raw, 'fr')).toMatchObject({ lang: 'fr', title: 'Postuler', programmeTitle: 'Only English', steps: [{ name: 'Bienvenue' }] });
    expect(inLanguage(raw, 'en')).toMatchObject({ lang: 'en', title: 'Apply' });
    // A language the programme does not offer reads as its default.
    expect(inLanguage(raw, 'de')).toMatchObject({ lang: 'en', title: 'Apply' });
  });

  it('is one valid programme in each language, with the same questions', () => {
    const config = bilingual();
    const french = parseConfig(config, undefined, 'fr');
    const englishResult = parseConfig(config, undefined, 'en');
    expect(french.ok && french.config.title).toBe('Programme de partenariat pour créateurs · Hartwell Fenêtres');
    expect(englishResult.ok && englishResult.config.title).toBe('Creator Trade Programme · Hartwell Window Co.');
    expect(french.ok && french.config.lang).toBe('fr');
    expect(checkConfigText(JSON.stringify(config)).errors).toEqual([]);
    expect(receiverRules(config).ok).toBe(true);
  });

  it('names a text missing a language, and a language the programme does not offer', () => {
    expect(translationProblems({ lang: 'en', languages: ['en', 'fr'], title: { en: 'Apply' }, programmeTitle: { en: 'A', fr_CA: 'B' } })).toEqual([
      { path: 'title', message: 'has no "fr" text: give one per language in "languages"' },
      { path: 'programmeTitle', message: '"fr_CA" is not one of the programme\'s languages ("en", "fr")' },
    ]);
    expect(translationProblems({ lang: 'en', languages: ['fr', 'es'] })).toEqual([
      { path: 'languages', message: 'must include "lang" ("en"), the language the page falls back to' },
    ]);
  });

  it('refuses a translated option value: the receiver checks one set of questions', () => {
    const config = bilingual() as { steps: Array<{ blocks: Array<{ component: string; data: { fields: Array<Record<string, unknown>> } }> }> };
    const field = config.steps
      .flatMap((step) => step.blocks)
      .flatMap((block) => (block.component === 'FormSection' ? block.data.fields : []))
      .find((candidate) => Array.isArray(candidate.options));
    if (!field) throw new Error('the default programme has a select with options');
    const [option] = field.options as Array<{ value: unknown }>;
    if (!option) throw new Error('no option');
    option.value = { en: option.value, fr: 'autre-valeur' };
    const { errors } = checkConfigText(JSON.stringify(config));
    expect(errors.map((error) => error.path)).toEqual([expect.stringMatching(/^\(fr\) steps\.\d+\.blocks\.\d+\.data\.fields\.\d+\.options\.0\.value$/)]);
    expect(receiverRules(config).ok).toBe(false);
  });

  it('names a language in which the programme is not valid', () => {
    const config = { ...bilingual(), programmeTitle: { en: 'Hartwell', fr: '' } };
    expect(checkConfigText(JSON.stringify(config)).errors.map((error) => error.path)).toEqual(['(fr) programmeTitle']);
  });

  it('is valid in English, French and Spanish together, the tables of the test programmes translating the same texts', () => {
    expect(Object.keys(SPANISH).sort()).toEqual(Object.keys(FRENCH).sort());
    const config = bilingualProgramme({ en: english, fr: frenchProgramme(english), 'es-MX': spanishProgramme(english) });
    expect(checkConfigText(JSON.stringify(config)).errors).toEqual([]);
    const spanish = parseConfig(config, undefined, 'es-MX');
    expect(spanish.ok && spanish.config.title).toBe('Programa de canje para creadores · Hartwell Window Co.');
    expect(receiverRules(config).ok).toBe(true);
  });
});
