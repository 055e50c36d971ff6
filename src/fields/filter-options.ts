import type { SelectOption } from './select-option';

/** Lower-cases and strips accents so "cote" finds "Côte d'Ivoire" and "aland" finds "Åland Islands". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The options whose name contains the query, ignoring case and accents, in their original order. */
export function filterOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  // Leading and trailing spaces are almost always stray keystrokes, not part of a name.
  const needle = fold(query.trim());
  if (needle === '') return [...options];
  return options.filter((option) => fold(option.name).includes(needle));
}
