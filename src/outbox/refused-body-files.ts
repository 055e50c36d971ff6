import type { RefusedFile } from './send-application';

/** One file of a body the receiver refused at the PUT, by its bytes' SHA-256: what the page marks in that file's row. */
export interface RefusedBodyFile {
  sha256: string;
  key: string;
  rule: string;
}

/**
 * The files of the body sent that a 422 named, by SHA-256. Pure. The receiver names a file by its
 * field's key and its place among that key's files in the body (`files.<key>[i]`); the page lists
 * files by their bytes, so the place is turned into the bytes' SHA-256 here, once, while the body
 * sent is at hand (a later edit may reorder or remove files). A place the body does not have is left out.
 */
export function refusedBodyFiles(sent: unknown, refused: readonly RefusedFile[]): RefusedBodyFile[] {
  const files = typeof sent === 'object' && sent !== null ? (sent as { files?: unknown }).files : undefined;
  if (!Array.isArray(files)) return [];
  const named = files.filter(
    (file): file is { key: string; sha256: string } =>
      typeof file === 'object' &&
      file !== null &&
      typeof (file as { key?: unknown }).key === 'string' &&
      typeof (file as { sha256?: unknown }).sha256 === 'string',
  );
  const found: RefusedBodyFile[] = [];
  for (const { key, index, rule } of refused) {
    const file = named.filter((item) => item.key === key)[index];
    if (file && !found.some((known) => known.sha256 === file.sha256)) found.push({ sha256: file.sha256, key, rule });
  }
  return found;
}
