// Text files go out compressed, as any production host would send them: brotli where the
// browser accepts it, else gzip. Each file is compressed once per content (keyed by its hash,
// so the many copies of dist/ the end-to-end tests serve share the work).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;
// Below this, the headers cost more than compression saves.
const MIN_BYTES = 1024;

/** @type {Map<string, Buffer>} */
const cache = new Map();

/**
 * @param {string | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(acceptEncoding) {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.trim().split(';')[0]);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * The file's body, compressed when it is worth it and the browser accepts it.
 * @param {string} path
 * @param {string} contentType
 * @param {number} size
 * @param {string | undefined} acceptEncoding
 * @returns {Promise<{ body: Buffer, encoding: 'br' | 'gzip' } | null>} null: send the file as it is.
 */
export async function compressedFile(path, contentType, size, acceptEncoding) {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding || size < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return null;
  const content = await readFile(path);
  const key = `${encoding}:${createHash('sha1').update(content).digest('hex')}`;
  let body = cache.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })
        : gzipSync(content, { level: 9 });
    cache.set(key, body);
  }
  return { body, encoding };
}
