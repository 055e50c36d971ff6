import type { SelectOption } from './select-option';

// Letters that are not a base letter plus an accent, so NFD leaves them whole; a search typed on
// any keyboard should still find "Færøerne", "Łódź" or "Straße".
const LETTER_FOLDS: Readonly<Record<string, string>> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const UNFOLDED_LETTERS = /[øæœßłđðþı]/g;
// The platform's names write "Côte d’Ivoire" with a typographic apostrophe and "Congo-Kinshasa"
// with a hyphen, where a creator types "'" and a space.
const APOSTROPHES = /[\u2018\u2019\u02bc`´]/g;
const DASHES = /[-\u2010-\u2015]/g;

/**
 * Lower-cases and strips accents so "cote" finds "Côte d'Ivoire" and "emirats" "Émirats arabes
 * unis". In every language alike, on purpose: a collator at base strength would keep "ñ" apart
 * from "n" in Spanish (a letter of its own there), yet "espana" typed on a US keyboard should
 * still find "España".
 */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNFOLDED_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(APOSTROPHES, "'")
    .replace(DASHES, ' ');
}

// Folded once per list, not per keystroke: lists keep their identity (made once per language).
const foldedNames = new WeakMap<readonly SelectOption[], readonly string[]>();

function foldedNamesOf(options: readonly SelectOption[]): readonly string[] {
  let names = foldedNames.get(options);
  if (!names) {
    names = options.map((option) => fold(option.name));
    foldedNames.set(options, names);
  }
  return names;
}

/** The options whose name contains the query, ignoring case, accents and the kind of apostrophe or dash, in their original order. */
export function filterOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  // Leading and trailing spaces are almost always stray keystrokes, not part of a name.
  const needle = fold(query.trim());
  if (needle === '') return [...options];
  const names = foldedNamesOf(options);
  return options.filter((_, index) => names[index]?.includes(needle) === true);
}
