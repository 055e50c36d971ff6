/**
 * Text a store can keep as it was given. PostgreSQL refuses NUL (U+0000) in text and in jsonb,
 * and a lone surrogate (half of a UTF-16 pair, which JSON's `\ud800` escape makes) is not
 * Unicode at all; the 66 non-characters (U+FDD0–U+FDEF and the last two code points of every
 * plane, U+FFFE, U+FFFF, U+1FFFE … U+10FFFF) are Unicode's own "never interchange this". None
 * of them is anything a creator means to type: the page leaves them out as they are typed or
 * pasted, and the receiver refuses a body holding one (422) rather than failing to store it.
 * Pure, so the page and the receiver's bundle share the one definition.
 */

const PLANE_ENDS = Array.from({ length: 17 }, (_, plane) => {
  const last = (plane * 0x10000 + 0xffff).toString(16);
  return `\\u{${(plane * 0x10000 + 0xfffe).toString(16)}}-\\u{${last}}`;
}).join('');

// With the `u` flag a surrogate range matches only a surrogate that is not half of a pair.
const UNSTORABLE_SOURCE = `[\\u{0}\\u{d800}-\\u{dfff}\\u{fdd0}-\\u{fdef}${PLANE_ENDS}]`;
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE, 'u');
const UNSTORABLE_ALL = new RegExp(UNSTORABLE_SOURCE, 'gu');

/** Whether a string holds nothing a store refuses: no NUL, no lone surrogate, no non-character. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The text with every NUL, lone surrogate and non-character left out; the same string when it has none. */
export function storableText(text: string): string {
  return isStorableText(text) ? text : text.replace(UNSTORABLE_ALL, '');
}
