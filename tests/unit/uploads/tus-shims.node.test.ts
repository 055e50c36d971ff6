// @vitest-environment node
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Base64 } from '../../../src/uploads/tus-shims/js-base64';
import resolvedUrl from '../../../src/uploads/tus-shims/url-parse';

/**
 * The two stand-ins vite.config.ts gives tus-js-client in place of url-parse and js-base64 must
 * answer its calls as the packages do. The packages are still installed (tus-js-client depends on
 * them), so each case is asked of both. Required by file path: the alias would hand back the shim.
 */
const require = createRequire(import.meta.url);
const UrlParse = require(require.resolve('url-parse', { paths: [require.resolve('tus-js-client')] })) as new (
  address: string,
  base?: string,
) => { toString(): string };
const jsBase64 = require(require.resolve('js-base64', { paths: [require.resolve('tus-js-client')] })) as { Base64: { encode(text: string): string } };

// As tus-js-client calls them: `new URL(link, origin)`, and a function called with `new` gives back the object it returns.
const Shim = resolvedUrl as unknown as new (address: string, base?: string) => { toString(): string };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("url-parse's stand-in", () => {
  const cases: Array<[string, string]> = [
    ['/api/uploads/5f3a', 'https://apply.example.com/api/uploads'],
    ['https://files.example.com/u/abc?x=1', 'https://apply.example.com/api/uploads'],
    ['5f3a', 'https://apply.example.com/api/uploads/'],
    ['../other/5f3a', 'https://apply.example.com/api/uploads/'],
    ['//cdn.example.com/u/1', 'https://apply.example.com/api/uploads'],
    ['/api/uploads/%C3%A9t%C3%A9', 'http://127.0.0.1:4173/api/uploads'],
  ];

  it.each(cases)('resolves %s against %s as url-parse does', (link, origin) => {
    expect(new Shim(link, origin).toString()).toBe(new UrlParse(link, origin).toString());
  });

  it('resolves an endpoint given as a path against the page or the worker script', () => {
    vi.stubGlobal('location', new URL('https://apply.example.com/sw.js'));
    expect(new Shim('/api/uploads/5f3a', '/api/uploads').toString()).toBe('https://apply.example.com/api/uploads/5f3a');
    expect(new Shim('5f3a', '/api/uploads/').toString()).toBe('https://apply.example.com/api/uploads/5f3a');
  });
});

describe("js-base64's stand-in", () => {
  it.each(['', 'photo.jpg', 'Zoë’s living room — before.heic', 'صورة الغرفة.png', '寝室の窓.webp', '🪟🏠 blinds.pdf', 'a'.repeat(5000), '\u0000\uffff'])(
    'encodes %j as js-base64 does',
    (text) => {
      expect(Base64.encode(text)).toBe(jsBase64.Base64.encode(text));
    },
  );
});
