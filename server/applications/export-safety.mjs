// What makes the exports safe to open: answers are typed by anyone on the internet, and the team
// opens the CSV in a spreadsheet and reads the JSON in editors and terminals.
//
// Formulas (OWASP, "CSV Injection"): a cell whose first character is = + - @, a tab or a carriage
// return may be run as a formula; spreadsheets also skip leading white space and control characters
// before deciding (measured by the issue: a leading line feed, space or no-break space before =
// still ran), LibreOffice and Excel read the full-width forms (＝ ＋ － ＠) as their ASCII selves
// under some input settings, and `|` starts a DDE call in older Excel. Such a cell is given
// OWASP's leading apostrophe, which spreadsheets show as text, not run.
//
// Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) reorder what is
// shown around them, so `invoice.exe` can read as `exe.eciovni`, or a cell can seem to hold another
// value (CVE-2021-42574, "Trojan Source"). In the JSON export they are written as \u escapes (the
// value is unchanged once parsed); in the CSV, where there are no escapes, each is replaced by a
// visible <U+202E>, so the reader sees that it was there. The JSON export keeps the exact answer.

/** Every bidirectional control Unicode defines (UAX #9): embeddings, overrides, isolates, marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** What JSON export escapes: the bidi controls, and the line and paragraph separators JavaScript once refused raw. */
const JSON_ESCAPED = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/g;

/**
 * A formula's start: any white space, control or format characters (line feed, tab, no-break
 * space, ideographic space, zero-width space, a byte-order mark…), then one of = + - @ | in ASCII,
 * full-width or small form; or a control character first of all (a tab or a carriage return).
 */
const FORMULA_START = /^(?:[\p{Z}\p{Cc}\p{Cf}\s]*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFF5C\uFE66\uFE62\uFE63\uFE6B]|\p{Cc})/u;

/** @param {string} character */
function codePoint(character) {
  return (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A cell's text as a spreadsheet may show it: bidi controls made visible, and a formula's start
 * defused with a leading apostrophe.
 * @param {string} text
 */
export function spreadsheetText(text) {
  const shown = text.replace(BIDI_CONTROLS, (control) => `<U+${codePoint(control)}>`);
  return FORMULA_START.test(shown) ? `'${shown}` : shown;
}

/**
 * The phone number as text a spreadsheet keeps as it is, without a visible apostrophe: `+1 555…`
 * starts like a formula (Excel shows #NAME? or #NULL!, and OWASP's rule would prefix it), so the
 * country code is written in parentheses, `(+1) 5551234567`, a common way of writing a number
 * (the country code is dialled only from abroad), which no spreadsheet reads as a formula or a
 * number. The JSON export keeps the two parts.
 * @param {{ countryCode?: unknown, subscriber?: unknown } | undefined} phone
 */
export function phoneText(phone) {
  if (!phone) return '';
  const country = typeof phone.countryCode === 'string' ? phone.countryCode.trim() : '';
  const subscriber = typeof phone.subscriber === 'string' ? phone.subscriber.trim() : '';
  return [country ? `(+${country})` : '', subscriber].filter(Boolean).join(' ');
}

/**
 * One record as a JSON line of the export: JSON.stringify, with the bidi controls (and U+2028,
 * U+2029) as \u escapes. They can only be inside strings, where the escape means the same.
 * @param {unknown} record
 */
export function exportJsonLine(record) {
  return `${JSON.stringify(record).replace(JSON_ESCAPED, (character) => `\\u${codePoint(character).toLowerCase()}`)}\n`;
}

/**
 * A file as one line of a CSV cell: `name (type, N bytes, W×H, sha256 …)`. The name is the
 * creator's, so the cell's text goes through spreadsheetText like any answer.
 * @param {import('./application-files-table.mjs').ApplicationFile} file
 */
export function fileText(file) {
  const size = file.width !== null && file.height !== null ? `, ${String(file.width)}×${String(file.height)}` : '';
  return `${file.name} (${file.type}, ${String(file.size)} bytes${size}, sha256 ${file.sha256})`;
}
