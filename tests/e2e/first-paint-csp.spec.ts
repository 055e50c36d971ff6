import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_DIR } from '../support/dist-dir';
import { expect, test } from './fixtures';

// index.html's inline scripts (the first-paint scripts compiled from src/first-paint/, the
// starter) run only if the Content-Security-Policy names their SHA-256: the policy must be made
// from the very text the build wrote, or a browser blocks them and the first paint loses its
// scripts without a word.

/** The text of each inline script a browser would run (not a data block such as the checked configuration). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\ssrc\s*=/i.test(attributes) && !/\stype\s*=\s*["']?application\/json/i.test(attributes))
    .map(([, , text = '']) => text);
}

function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

test.describe('the inline scripts of the first paint', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'reads the build and one answer: once is enough');
  });

  test('every inline script of the built index.html is allowed by its SHA-256 in the policy the server sends', async ({ app }) => {
    const built = inlineScripts(await readFile(join(DIST_DIR, 'index.html'), 'utf8'));
    // The head's script and the starter at least.
    expect(built.length).toBeGreaterThanOrEqual(2);
    const response = await fetch(`${app.url}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSources = /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    for (const text of built) expect(scriptSources, text.slice(0, 80)).toContain(hashSource(text));
    // And what is served is what was built: every script the page runs is allowed.
    for (const text of inlineScripts(await response.text())) expect(scriptSources, text.slice(0, 80)).toContain(hashSource(text));
  });

  test('the status page is served under the same policy and headers, and runs no inline script', async ({ app }) => {
    const [root, status] = await Promise.all([fetch(`${app.url}/`), fetch(`${app.url}/status/`)]);
    expect(status.status).toBe(200);
    for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) {
      expect(status.headers.get(header), header).toBe(root.headers.get(header));
    }
    expect(status.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await status.text();
    expect(html).toContain('/status/assets/');
    expect(inlineScripts(html)).toEqual([]);
    expect(inlineScripts(await readFile(join(DIST_DIR, 'status', 'index.html'), 'utf8'))).toEqual([]);
  });
});
