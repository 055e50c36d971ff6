import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressedFile } from '../../../../server/http/compressed-file.mjs';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, deflate', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('answers %s with %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressedFile', () => {
  it('compresses text files the browser can decode, and leaves images and small files alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'compressed-file-'));
    const script = join(dir, 'app.js');
    const text = 'export const answer = 42;\n'.repeat(200);
    await writeFile(script, text);
    const br = await compressedFile(script, 'text/javascript; charset=utf-8', text.length, 'gzip, br');
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br?.body ?? Buffer.alloc(0)).toString()).toBe(text);
    const gzip = await compressedFile(script, 'text/javascript; charset=utf-8', text.length, 'gzip');
    expect(gunzipSync(gzip?.body ?? Buffer.alloc(0)).toString()).toBe(text);
    expect(await compressedFile(script, 'image/avif', text.length, 'br')).toBeNull();
    expect(await compressedFile(script, 'text/javascript', 200, 'br')).toBeNull();
  });
});
