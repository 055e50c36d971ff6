import { perLocale } from '../values/usable-locale';

/** Names a two-letter region code, or gives undefined where the platform has no name for it. */
export type RegionNamer = (isoCode2: string) => string | undefined;

function makeNamer(locale: string): RegionNamer {
  // Every engine that runs an ES2022 build has Intl.DisplayNames; the check is for odd embeds.
  if (typeof Intl.DisplayNames !== 'function') return () => undefined;
  const names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' });
  return (isoCode2) => {
    try {
      const name = names.of(isoCode2);
      // An engine with older data answers a code it does not know with the code itself.
      return name === undefined || name === '' || name.toUpperCase() === isoCode2.toUpperCase() ? undefined : name;
    } catch {
      return undefined;
    }
  };
}

/** The platform's names of regions in `locale` (Intl.DisplayNames), made once per locale. */
export const regionNamesIn: (locale: string) => RegionNamer = perLocale(makeNamer);
