import { perLocale } from '../values/usable-locale';

/** One collator per locale: making one costs more than sorting 250 names with it. */
const collatorFor = perLocale((locale) => new Intl.Collator(locale));

/** A sorted copy of `items`, by name as a reader of `locale` expects ("Émirats" with the E's in French). */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string, locale: string): T[] {
  const collator = collatorFor(locale);
  return [...items].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}
