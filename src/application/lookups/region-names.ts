import { usableLocale } from '../values/usable-locale';

/** Names a two-letter region code, or gives undefined where the platform has no name for it. */
export type RegionNamer = (isoCode2: string) => string | undefined;

const namers = new Map<string, RegionNamer>();

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
export function regionNamesIn(locale: string): RegionNamer {
  const tag = usableLocale(locale);
  let namer = namers.get(tag);
  if (!namer) {
    namer = makeNamer(tag);
    namers.set(tag, namer);
  }
  return namer;
}
