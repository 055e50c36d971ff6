// A string as it may appear in the log: on one line, visible, and bounded. Everything a client
// sends (a path, a header, a key of its JSON) can reach a log line through a reason or a message;
// written raw, a line feed would start a line that looks like the server's own (a forged
// `received application …`), an ANSI escape would rewrite the operator's terminal, a bidi control
// would show a line in another order than it reads. So every control character (C0, DEL, C1, which
// holds NEL and the 8-bit CSI), every format character (bidi controls, zero-width characters, the
// BOM, tag characters), the line and paragraph separators (U+2028, U+2029, which JavaScript and some
// viewers take for line ends) and any lone surrogate is written as a visible `\uXXXX` escape; in
// text lines the backslash itself is doubled, so an escape cannot be typed to look like another.

/** C0, DEL, C1, format (Cf), line and paragraph separators, lone surrogates. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** The longest a field of a line is by default, in UTF-16 units, before it is cut with a count. */
export const MAX_LOG_FIELD = 256;

/** @param {string} character */
function visibleEscape(character) {
  const code = character.codePointAt(0) ?? 0;
  return code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The text cut at maxLength (never inside a surrogate pair), with how much was left out.
 * @param {string} text
 * @param {number} maxLength
 */
function bounded(text, maxLength) {
  if (text.length <= maxLength) return text;
  let end = maxLength;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…(${String(text.length - end)} more)`;
}

/**
 * A value for one field of a log line: on one line, every invisible or line-breaking character
 * escaped, at most maxLength characters of the original (then `…(N more)`).
 * @param {unknown} value anything; a non-string is written as String(value) would
 * @param {{ maxLength?: number, backslashes?: boolean }} [options]
 *   backslashes: double them (text lines, where the line itself is the record; a JSON line's
 *   encoder already makes the value unambiguous)
 */
export function escapeLogText(value, { maxLength = MAX_LOG_FIELD, backslashes = false } = {}) {
  const text = bounded(typeof value === 'string' ? value : String(value), maxLength);
  return (backslashes ? text.replace(/\\/g, '\\\\') : text).replace(UNSAFE, visibleEscape);
}
