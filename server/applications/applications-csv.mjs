// Stored applications as CSV a spreadsheet opens: one row per application (its latest revision),
// a column per answer. Every cell is quoted; a cell a spreadsheet would run as a formula gets a
// leading apostrophe, bidirectional controls are shown as <U+…>, and the phone is written so that it
// needs neither (export-safety.mjs), since the answers are typed by anyone on the internet.
import { fileText, phoneText, spreadsheetText } from './export-safety.mjs';

const PERSONAL = [
  'firstName',
  'lastName',
  'emailAddress',
  'phone',
  'addressFirstLine',
  'addressSecondLine',
  'city',
  'zip',
  'provinceCode',
  'countryCode',
  'company',
];

/** @param {unknown} value */
function cell(value) {
  // An answer of several choices is an array: String() gives its items with commas, as a reader expects.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  const text = value === undefined || value === null ? '' : String(value);
  return `"${spreadsheetText(text).replaceAll('"', '""')}"`;
}

const APPLICATION_COLUMNS = ['id', 'createdAt', 'updatedAt', 'revisions', 'language', 'status', 'statusChangedAt', 'reference'];
const REVISION_COLUMNS = ['id', 'revision', 'receivedAt', 'latest', 'language'];

/**
 * @param {Array<import('./stored-applications.mjs').StoredApplication>} applications
 * @returns {string} CSV with CRLF line ends and a header row
 */
export function applicationsCsv(applications) {
  return answersCsv(applications, APPLICATION_COLUMNS);
}

/**
 * Every revision, a row each (`export --revisions --csv`).
 * @param {Array<import('./stored-applications.mjs').StoredRevision>} revisions
 */
export function revisionsCsv(revisions) {
  return answersCsv(revisions, REVISION_COLUMNS);
}

/**
 * @param {Array<Record<string, unknown> & { body: unknown }>} records
 * @param {ReadonlyArray<string>} leading the record's own columns, before the answers
 * @returns {string}
 */
function answersCsv(records, leading) {
  /** @type {Set<string>} */
  const platformColumns = new Set();
  /** @type {Set<string>} */
  const fieldColumns = new Set();
  /** @type {Set<string>} */
  const fileColumns = new Set();
  const rows = records.map((record) => {
    const body =
      /** @type {{ personalInfo?: Record<string, unknown>, platforms?: Record<string, Record<string, unknown>>, fields?: Array<{ key: string, value: string }> }} */ (
        record.body
      );
    /** @type {Record<string, unknown>} */
    const row = Object.fromEntries(leading.map((column) => [column, record[column] ?? '']));
    for (const key of PERSONAL) {
      const value = body.personalInfo?.[key];
      if (key === 'phone') {
        row.phone = phoneText(/** @type {{ countryCode?: unknown, subscriber?: unknown } | undefined} */ (value));
      } else row[key] = value;
    }
    for (const [platform, entry] of Object.entries(body.platforms ?? {})) {
      for (const [field, value] of Object.entries(entry)) {
        platformColumns.add(`${platform}.${field}`);
        row[`${platform}.${field}`] = value;
      }
    }
    for (const { key, value } of body.fields ?? []) {
      fieldColumns.add(key);
      row[`fields.${key}`] = value;
    }
    // A column per file field, a line per file in its cell: name, type, size, image size, SHA-256.
    const files = /** @type {{ files?: Array<import('./application-files-table.mjs').ApplicationFile> }} */ (record).files ?? [];
    for (const file of files) {
      fileColumns.add(file.field);
      const column = `files.${file.field}`;
      row[column] = [row[column], fileText(file)].filter(Boolean).join('\n');
    }
    return row;
  });
  const columns = [
    ...leading,
    ...PERSONAL,
    ...[...platformColumns].sort(),
    ...[...fieldColumns].map((key) => `fields.${key}`),
    ...[...fileColumns].map((key) => `files.${key}`),
  ];
  const lines = [columns.map(cell).join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
