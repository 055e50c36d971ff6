// Stored applications as CSV a spreadsheet opens: one row per application (its latest revision),
// a column per answer. Every cell is quoted, and a cell a spreadsheet would run as a formula
// (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe, since the
// answers are typed by anyone on the internet.

const PERSONAL = ['firstName', 'lastName', 'emailAddress', 'phone', 'addressFirstLine', 'addressSecondLine', 'city', 'zip', 'provinceCode', 'countryCode', 'company'];

/** @param {unknown} value */
function cell(value) {
  const text = value === undefined || value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * @param {Array<import('./store/applications.mjs').StoredApplication>} applications
 * @returns {string} CSV with CRLF line ends and a header row
 */
export function applicationsCsv(applications) {
  /** @type {Set<string>} */
  const platformColumns = new Set();
  /** @type {Set<string>} */
  const fieldColumns = new Set();
  const rows = applications.map((application) => {
    const body = /** @type {{ personalInfo?: Record<string, unknown>, platforms?: Record<string, Record<string, unknown>>, fields?: Array<{ key: string, value: string }> }} */ (application.body);
    /** @type {Record<string, unknown>} */
    const row = { id: application.id, createdAt: application.createdAt, updatedAt: application.updatedAt, revisions: application.revisions, language: application.language ?? '' };
    for (const key of PERSONAL) {
      const value = body.personalInfo?.[key];
      if (key === 'phone') {
        const phone = /** @type {{ countryCode?: string, subscriber?: string } | undefined} */ (value);
        row.phone = phone ? `+${phone.countryCode ?? ''} ${phone.subscriber ?? ''}`.trim() : '';
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
    return row;
  });
  const columns = ['id', 'createdAt', 'updatedAt', 'revisions', 'language', ...PERSONAL, ...[...platformColumns].sort(), ...[...fieldColumns].map((key) => `fields.${key}`)];
  const lines = [columns.map(cell).join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
