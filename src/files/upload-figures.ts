import { formatFileSize, formatFileSizeDown, formatPercent } from './format-file-size';

/**
 * What a row says of an upload on its way: bytes sent, of how many, and the share. Every byte may
 * have left the device while the receiver has not yet confirmed it has them (its answer to the
 * last chunk is still on its way, or never comes and the chunk is sent again): until it does, the
 * row never reads as done, neither "400 kB of 400 kB" nor 100 %. The share shown stops at 99 %,
 * and the bytes are rounded down. Pure.
 */

/** The largest share of a file shown before the receiver confirmed the whole of it. */
export const UNCONFIRMED_MAX_SHARE = 0.99;

/** The bytes a row shows as sent: all of them only once the receiver confirmed the upload. */
export function shownBytesSent(sent: number, total: number, confirmed: boolean): number {
  if (confirmed) return total;
  return Math.max(0, Math.min(sent, Math.floor(total * UNCONFIRMED_MAX_SHARE)));
}

/** The words of "{sent} of {total} uploaded ({percent})" for an upload the receiver has not confirmed yet. */
export function uploadingFigures(sent: number, total: number, locale: string): { sent: string; total: string; percent: string } {
  const shown = shownBytesSent(sent, total, false);
  // Rounded down, as the bytes are: 99.6 % is not yet 100 %.
  const hundredths = total > 0 ? Math.floor((100 * shown) / total) : 0;
  return { sent: formatFileSizeDown(shown, locale), total: formatFileSize(total, locale), percent: formatPercent(hundredths, 100, locale) };
}
