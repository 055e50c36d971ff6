import type { RefusedFile } from '../outbox/send-application';
import { filesNamed } from './with-upload-ids';

/**
 * Which files of a refused PUT the page uploads again by itself, by SHA-256. Pure.
 *
 * The receiver says `file-incomplete` when the upload a body names does not hold every byte (the
 * page named an upload a restart left unfinished), and `file-not-own` when that upload is bound to
 * another application or made for another field or file: both are the page's own doing, and a new
 * upload of the bytes the device still holds mends them. Each file goes again once (`already`): a
 * receiver that refuses it again that way is shown to the creator rather than looped on. When any
 * file is refused by its content (a type, a size), the creator must act anyway: nothing goes again.
 */

/** The receiver's rules a new upload of the same bytes can satisfy. */
const MENDED_BY_UPLOADING = new Set(['file-incomplete', 'file-not-own']);

export function filesToUploadAgain(
  sent: unknown,
  refused: readonly RefusedFile[],
  already: readonly string[],
  hasBytes: (sha256: string) => boolean,
): string[] {
  if (refused.length === 0 || refused.some((file) => !MENDED_BY_UPLOADING.has(file.rule))) return [];
  const named = filesNamed(sent);
  const again: string[] = [];
  for (const { key, index } of refused) {
    // The receiver's index counts the files of one key, in the body's order.
    const file = named.filter((item) => item.key === key)[index];
    if (!file || already.includes(file.sha256) || !hasBytes(file.sha256)) return [];
    if (!again.includes(file.sha256)) again.push(file.sha256);
  }
  return again;
}
