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
  const [unit, divisor] =
    bytes >= 1e9 ? (['gigabyte', 1e9] as const) : bytes >= 1e6 ? (['megabyte', 1e6] as const) : bytes >= 1e3 ? (['kilobyte', 1e3] as const) : (['byte', 1] as const);
  const value = bytes / divisor;
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0 }).format(value);
}

/** A share as a percentage in the page's language (42 %, in French with its space). */
export function formatPercent(part: number, whole: number, locale: string): string {
  const share = whole > 0 ? Math.min(1, Math.max(0, part / whole)) : 0;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
