import { perLocale } from './usable-locale';

/**
 * Reading a whole number typed the way a language writes it ("12 000" in French, "12.000" in
 * Spanish or German, "12,000" in English) as the digits the application sends ("12000").
 * Strict on purpose, so what passes is never a guess:
 * - only the locale's own grouping mark, or spaces (any kind: a space is never a decimal mark),
 *   one kind throughout, between groups of the locale's sizes ("1,234,567"; "12,34,567" in en-IN);
 * - the locale's decimal mark refuses the number ("12,5" in French, "12.000" in English: a count
 *   has no fraction, and reading "12.000" as twelve thousand on an English page would be a guess);
 * - no sign, no letters ("12k"), no other mark, digits in ASCII or the locale's own numbering.
 */

/** How a locale writes a number: its grouping and decimal marks, its group sizes and its digits. */
export interface NumberWriting {
  group: string;
  decimal: string;
  /** Digits in the last group ("1,234": 3). */
  primaryGroup: number;
  /** Digits in the groups before it (3, or 2 in en-IN: "12,34,567"). */
  secondaryGroup: number;
  /** The locale's own digits from 0 to 9, when not ASCII (Arabic-Indic in ar-EG), else null. */
  digits: string | null;
}

const SPACES = new Set([' ', '\u00a0', '\u202f', '\u2009']);
const APOSTROPHES = new Set(["'", '\u2019']);
const ASCII_DIGITS = /^[0-9]+$/;

function learnWriting(locale: string): NumberWriting {
  const format = new Intl.NumberFormat(locale);
  const parts = format.formatToParts(11111.5);
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  // A nine-digit number shows the sizes of the last group and the ones before it.
  const integers = format
    .formatToParts(123456789)
    .filter((part) => part.type === 'integer')
    .map((part) => part.value.length);
  const primaryGroup = integers.at(-1) ?? 3;
  const secondaryGroup = integers.length > 2 ? (integers.at(-2) ?? primaryGroup) : primaryGroup;
  const own = new Intl.NumberFormat(locale, { useGrouping: false }).format(1234567890);
  const digits = ASCII_DIGITS.test(own) || own.length !== 10 ? null : `${own.slice(9)}${own.slice(0, 9)}`;
  return { group, decimal, primaryGroup, secondaryGroup, digits };
}

/** How `locale` writes numbers (Intl.NumberFormat), learnt once per locale. */
export const numberWriting: (locale: string) => NumberWriting = perLocale(learnWriting);

/** The kind of a grouping mark, so a typed space stands for the no-break space a locale formats with. */
function markKind(mark: string): string {
  if (SPACES.has(mark)) return ' ';
  if (APOSTROPHES.has(mark)) return "'";
  return mark;
}

/** The text with the locale's own digits written in ASCII. */
function asciiDigits(text: string, digits: string | null): string {
  if (digits === null) return text;
  let result = '';
  for (const char of text) {
    const value = digits.indexOf(char);
    result += value >= 0 ? String(value) : char;
  }
  return result;
}

/**
 * The digits of a whole number typed the way `locale` writes it ("12 000" gives "12000"), or
 * null when the text is not one (empty, a fraction, a sign, another language's grouping).
 */
export function localDigits(text: string, locale: string): string | null {
  const writing = numberWriting(locale);
  const typed = asciiDigits(text.trim(), writing.digits);
  if (typed === '') return null;
  if (ASCII_DIGITS.test(typed)) return typed;
  const groupKind = markKind(writing.group);
  let kind: string | null = null;
  const groups: string[] = [];
  let group = '';
  for (const char of typed) {
    if (char >= '0' && char <= '9') {
      group += char;
      continue;
    }
    if (char === writing.decimal) return null;
    const charKind = markKind(char);
    // A space always groups; otherwise only the locale's own mark, and one kind throughout.
    if ((charKind !== ' ' && charKind !== groupKind) || (kind !== null && charKind !== kind)) return null;
    kind = charKind;
    groups.push(group);
    group = '';
  }
  groups.push(group);
  const last = groups.length - 1;
  const fits = groups.every((digits, index) => {
    if (index === last) return digits.length === writing.primaryGroup;
    if (index === 0) return digits.length >= 1 && digits.length <= writing.secondaryGroup;
    return digits.length === writing.secondaryGroup;
  });
  return fits ? groups.join('') : null;
}
