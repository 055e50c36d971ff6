/**
 * A file's size as a person reads it, in the page's language: 980 bytes, 340 kB, 4.2 MB (1.2 Go
 * in French). Decimal units, as phones and macOS show them, so the size matches what the creator
 * saw in their gallery or Files app.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const [unit, divisor] =
    bytes >= 1e9 ? (['gigabyte', 1e9] as const) : bytes >= 1e6 ? (['megabyte', 1e6] as const) : bytes >= 1e3 ? (['kilobyte', 1e3] as const) : (['byte', 1] as const);
  const value = bytes / divisor;
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0 }).format(value);
}

/** A share as a percentage in the page's language (42 %, in French with its space). */
export function formatPercent(part: number, whole: number, locale: string): string {
  const share = whole > 0 ? Math.min(1, Math.max(0, part / whole)) : 0;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
