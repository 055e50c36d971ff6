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
 * The encoding to send: brotli, else gzip, among those the browser accepts with a q above 0
 * (`br;q=0` refuses brotli; `*` stands for any encoding not named).
 * @param {string | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(acceptEncoding) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((piece) => piece.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  /** @param {string} encoding */
  const accepted = (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
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
  if (!chooseEncoding(acceptEncoding) || size < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return null;
  return compressedBody(await readFile(path), contentType, acceptEncoding);
}

/**
 * Bytes made at the time of the request (a page rewritten for the programme), compressed like a file's.
 * @param {Buffer} content
 * @param {string} contentType
 * @param {string | undefined} acceptEncoding
 * @returns {{ body: Buffer, encoding: 'br' | 'gzip' } | null}
 */
export function compressedBody(content, contentType, acceptEncoding) {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding || content.length < MIN_BYTES || !COMPRESSIBLE.test(contentType)) return null;
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
