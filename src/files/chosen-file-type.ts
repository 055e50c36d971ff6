/**
 * The type a chosen file is taken for. Browsers give a File's type from its extension, and some
 * give none for types they do not know: Chrome and Firefox on a computer leave an iPhone's .heic
 * photos untyped. Those few are named here by their extension, so the field's `accept` can judge
 * them; the receiver judges the bytes themselves whatever the page says.
 */

const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** A chosen file's MIME type in lower case: the browser's, else its extension's, else application/octet-stream. */
export function chosenFileType(file: { name: string; type: string }): string {
  const given = (file.type.split(';')[0] ?? '').trim().toLowerCase();
  if (given !== '') return given;
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return (extension === undefined ? undefined : TYPE_BY_EXTENSION[extension]) ?? 'application/octet-stream';
}
