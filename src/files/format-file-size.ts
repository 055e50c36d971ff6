/**
 * A file's size as a person reads it, in the page's language: 980 bytes, 340 kB, 4.2 MB (1.2 Go
 * in French). Decimal units, as phones and macOS show them, so the size matches what the creator
 * saw in their gallery or Files app.
 */
// Making an Intl.NumberFormat costs far more than using one, and a list of files uploading redraws
// its sizes and percentages on every progress event: each format is made once per page.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

export function formatFileSize(bytes: number, locale: string): string {
  return formatBytes(bytes, locale, false);
}

/**
 * A field's largest file, rounded down: a limit of 25 MiB (26.2 MB) reads "26 MB" rounded to
 * the nearest, and a 26.1 MB file would seem allowed; "26 MB" is never more than the receiver takes.
 */
export function formatSizeLimit(bytes: number, locale: string): string {
  return formatBytes(bytes, locale, true);
}

/** A size rounded down: a part of a file on its way never reads as the whole of it. */
export function formatFileSizeDown(bytes: number, locale: string): string {
  return formatBytes(bytes, locale, true);
}

function formatBytes(bytes: number, locale: string, down: boolean): string {
  const [unit, divisor] =
    bytes >= 1e9
      ? (['gigabyte', 1e9] as const)
      : bytes >= 1e6
        ? (['megabyte', 1e6] as const)
        : bytes >= 1e3
          ? (['kilobyte', 1e3] as const)
          : (['byte', 1] as const);
  const digits = bytes / divisor < 10 && unit !== 'byte' ? 1 : 0;
  const value = down ? Math.floor((bytes / divisor) * 10 ** digits) / 10 ** digits : bytes / divisor;
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: digits }).format(value);
}

/** A share as a percentage in the page's language (42 %, in French with its space). */
export function formatPercent(part: number, whole: number, locale: string): string {
  const share = whole > 0 ? Math.min(1, Math.max(0, part / whole)) : 0;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
