// @vitest-environment node
import { getCountryDataList } from 'countries-list';
import { describe, expect, it } from 'vitest';
import committedText from '../../../../src/application/lookups/countries.generated.json?raw';

/** The part of scripts/generate-lookups.mjs this test uses (plain JS, outside this tsconfig). */
interface Generator {
  deriveCountries: (list: ReturnType<typeof getCountryDataList>) => unknown[];
  formatCountries: (countries: readonly unknown[]) => string;
}

// A computed specifier keeps TypeScript from resolving the untyped .mjs; Vitest loads it as usual.
const generatorPath = decodeURIComponent(new URL('../../../../scripts/generate-lookups.mjs', import.meta.url).pathname);

describe('countries.generated.json', () => {
  it('is what scripts/generate-lookups.mjs derives from the installed countries-list (else run npm run generate:lookups)', async () => {
    const generator = (await import(/* @vite-ignore */ generatorPath)) as Generator;
    const expected = generator.formatCountries(generator.deriveCountries(getCountryDataList()));
    expect(committedText).toBe(expected);
  });
});
