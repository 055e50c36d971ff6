import { languageOf, usableLocale } from '../values/usable-locale';
import { sortByName } from './sort-by-name';

/** A Canadian province or territory with its Canada Post two-letter code. */
export interface CanadianProvince {
  name: string;
  code: string;
}

/** The ten provinces and three territories, sorted by name; hand-kept, as they last changed in 1999. */
export const canadianProvinces: readonly CanadianProvince[] = [
  { name: 'Alberta', code: 'AB' },
  { name: 'British Columbia', code: 'BC' },
  { name: 'Manitoba', code: 'MB' },
  { name: 'New Brunswick', code: 'NB' },
  { name: 'Newfoundland and Labrador', code: 'NL' },
  { name: 'Northwest Territories', code: 'NT' },
  { name: 'Nova Scotia', code: 'NS' },
  { name: 'Nunavut', code: 'NU' },
  { name: 'Ontario', code: 'ON' },
  { name: 'Prince Edward Island', code: 'PE' },
  { name: 'Quebec', code: 'QC' },
  { name: 'Saskatchewan', code: 'SK' },
  { name: 'Yukon', code: 'YT' },
];

/** Their official French names (Canada's Official Languages Act gives each province and territory both). */
export const FRENCH_PROVINCE_NAMES: Readonly<Record<string, string>> = {
  AB: 'Alberta',
  BC: 'Colombie-Britannique',
  MB: 'Manitoba',
  NB: 'Nouveau-Brunswick',
  NL: 'Terre-Neuve-et-Labrador',
  NT: 'Territoires du Nord-Ouest',
  NS: 'Nouvelle-Écosse',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Île-du-Prince-Édouard',
  QC: 'Québec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

// Sorted on first use: a French collator is not worth making on pages that never show the list.
let frenchProvinces: readonly CanadianProvince[] | null = null;

function inFrench(): readonly CanadianProvince[] {
  frenchProvinces ??= sortByName(
    canadianProvinces.map((province) => ({ ...province, name: FRENCH_PROVINCE_NAMES[province.code] ?? province.name })),
    (province) => province.name,
    'fr',
  );
  return frenchProvinces;
}

/**
 * The provinces and territories for a page in `locale`: their official French names on a French
 * page, sorted in French; the English names otherwise (Canada has no official names in other
 * languages, and Canada Post reads either).
 */
export function canadianProvincesFor(locale: string): readonly CanadianProvince[] {
  return languageOf(usableLocale(locale)) === 'fr' ? inFrench() : canadianProvinces;
}
