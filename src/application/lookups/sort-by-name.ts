import { usableLocale } from '../values/usable-locale';

const collators = new Map<string, Intl.Collator>();

/** One collator per locale: making one costs more than sorting 250 names with it. */
function collatorFor(locale: string): Intl.Collator {
  const tag = usableLocale(locale);
  let collator = collators.get(tag);
  if (!collator) {
    collator = new Intl.Collator(tag);
    collators.set(tag, collator);
  }
  return collator;
}

/** A sorted copy of `items`, by name as a reader of `locale` expects ("Émirats" with the E's in French). */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string, locale: string): T[] {
  const collator = collatorFor(locale);
  return [...items].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}
