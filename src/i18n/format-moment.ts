/** A moment (ms since the epoch) as the creator's language writes a date and time: "26 Nov 2026, 14:02". */
export function formatMoment(at: number, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  } catch {
    return new Date(at).toLocaleString();
  }
}
