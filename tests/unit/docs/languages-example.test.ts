// docs/examples/config.en-fr.json: the default programme offered in English and French, as
// docs/configuration.md shows a deployer and as the end-to-end suite builds it
// (`npm run build:languages`). Made from the default programme and the French fixture, so it
// follows both; `npx vitest run tests/unit/docs/languages-example.test.ts -u` writes it again.
import { expect, it } from 'vitest';
import { checkConfigText } from '../../../src/config/check-config';
import defaultConfigText from '../../../public/config.json?raw';
import { bilingualProgramme } from '../../fixtures/bilingual-programme';
import { frenchProgramme } from '../../fixtures/french-programme';

it('docs/examples/config.en-fr.json is the default programme in English and French, and valid', async () => {
  const english = JSON.parse(defaultConfigText) as Record<string, unknown>;
  const text = `${JSON.stringify(bilingualProgramme({ en: english, fr: frenchProgramme(english) }), null, 2)}\n`;
  expect(checkConfigText(text)).toEqual({ errors: [], warnings: [] });
  await expect(text).toMatchFileSnapshot('../../../docs/examples/config.en-fr.json');
});
