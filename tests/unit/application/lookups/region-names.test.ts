import { afterEach, describe, expect, it, vi } from 'vitest';

// The lists are made once per locale, so each case loads the modules afresh with the engine it fakes.
async function freshLookups() {
  vi.resetModules();
  const countries = await import('../../../../src/application/lookups/countries');
  const dialCodes = await import('../../../../src/application/lookups/dial-codes');
  const regionNames = await import('../../../../src/application/lookups/region-names');
  return { ...countries, ...dialCodes, ...regionNames };
}

const RealDisplayNames = Intl.DisplayNames;

function fakeDisplayNames(value: unknown): void {
  Object.defineProperty(Intl, 'DisplayNames', { value, configurable: true, writable: true });
}

afterEach(() => {
  fakeDisplayNames(RealDisplayNames);
});

describe('regionNamesIn', () => {
  it('names a region in the language asked for', async () => {
    const { regionNamesIn } = await freshLookups();
    expect(regionNamesIn('fr')('DE')).toBe('Allemagne');
    expect(regionNamesIn('es')('DE')).toBe('Alemania');
  });

  it('gives nothing for a code the platform does not know, rather than the code', async () => {
    const { regionNamesIn } = await freshLookups();
    expect(regionNamesIn('fr')('QQ')).toBeUndefined();
  });

  it('names regions in English for a tag Intl refuses', async () => {
    const { regionNamesIn } = await freshLookups();
    expect(regionNamesIn('en-a1')('DE')).toBe('Germany');
  });
});

describe('the fallback to the generated English names', () => {
  it('keeps the English name of a code an older engine answers with the code itself', async () => {
    // Older CLDR data lacks Kosovo's provisional code; such an engine returns the code.
    fakeDisplayNames(
      class extends RealDisplayNames {
        override of(code: string): string | undefined {
          return code === 'XK' ? 'XK' : super.of(code);
        }
      },
    );
    const { countriesFor, dialCodesFor } = await freshLookups();
    const french = countriesFor('fr');
    expect(french.find((country) => country.isoCode2 === 'XK')?.country).toBe('Kosovo');
    expect(french.find((country) => country.isoCode2 === 'DE')?.country).toBe('Allemagne');
    expect(dialCodesFor('fr').find((entry) => entry.isoCode2 === 'XK')?.name).toBe('Kosovo (+383)');
  });

  it("keeps every English name, in the page language's order, on an engine without Intl.DisplayNames", async () => {
    fakeDisplayNames(undefined);
    const { countries, countriesFor, dialCodesFor } = await freshLookups();
    const french = countriesFor('fr');
    expect(french.map((country) => country.country).sort()).toEqual(countries.map((country) => country.country).sort());
    expect(french.find((country) => country.isoCode2 === 'DE')?.country).toBe('Germany');
    expect(dialCodesFor('fr')[0]).toMatchObject({ code: '1', isoCode2: 'US', name: 'United States (+1)' });
  });
});
