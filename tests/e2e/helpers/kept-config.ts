import type { Page } from '@playwright/test';

/**
 * The title of the last good configuration the page kept (src/boot/kept-config.ts), or null when
 * none is kept. The page keeps a file just after it opens with it, without holding the page back:
 * a test that reloads at once (a creator would not, within milliseconds) waits for the copy first.
 */
export function keptConfigTitle(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const kept = await (await caches.open('config')).match(new URL('config.json', document.baseURI).href);
    if (!kept) return null;
    try {
      const config = (await kept.json()) as { title?: unknown };
      return typeof config.title === 'string' ? config.title : null;
    } catch {
      return null;
    }
  });
}
