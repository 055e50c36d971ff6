/**
 * Welcome in index.html, as a Vite plugin: at build time it draws the Welcome step from
 * public/config.json with the app's own components (src/prerender/render-welcome.tsx, loaded
 * through Vite in Node) and puts the markup into #root, so the first paint needs no script.
 *
 * The markup is provisional: it sits in a wrapper that is `inert` (no click can submit the form
 * before the app runs, and assistive tech waits for the real step) and names the SHA-256 of the
 * config.json it was made from. The app always renders from the config.json it fetches and
 * replaces the wrapper in one commit, so an edited config.json wins: its text replaces the built
 * text, which never stays as final. Title and language follow the same file.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';

/** The attribute of the wrapper that holds the prerendered Welcome: the hash of its config.json. */
export const PRERENDER_HASH_ATTRIBUTE = 'data-prerendered-config';

const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<noscript>)/;

/** What src/prerender/render-welcome.tsx exports, as the build loads it. */
interface PrerenderModule {
  renderWelcome(configText: string, sanitize: (html: string) => string): { markup: string; title: string; lang: string } | null;
  buildTimeSanitizer(): Promise<(html: string) => string>;
}

/** The first 16 hex digits of the SHA-256 of a config.json's text. */
export function configHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** index.html with Welcome in #root, and the configured title and language. */
export function withPrerenderedWelcome(html: string, welcome: { markup: string; title: string; lang: string }, hash: string): string {
  if (!ROOT.test(html)) throw new Error('prerender-welcome: index.html has no <div id="root">…</div> before its <noscript>.');
  return html
    .replace(ROOT, () => `<div id="root"><div class="prerendered" inert ${PRERENDER_HASH_ATTRIBUTE}="${hash}">${welcome.markup}</div></div>`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeText(welcome.title)}</title>`)
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttribute(welcome.lang)}">`);
}

/** The Vite plugin: see the header of this file. */
export function prerenderWelcome(): Plugin {
  let root = process.cwd();
  let publicDir = '';
  return {
    name: 'prerender-welcome',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const configText = await readFile(join(publicDir, 'config.json'), 'utf8');
        // A small server of the app's sources, for Node: JSX, TypeScript and CSS imports as the app has them.
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const module = (await server.ssrLoadModule('/src/prerender/render-welcome.tsx')) as PrerenderModule;
          const welcome = module.renderWelcome(configText, await module.buildTimeSanitizer());
          if (!welcome) {
            this.warn('public/config.json is not valid or does not open on a Welcome step: index.html keeps its loading line.');
            return html;
          }
          return withPrerenderedWelcome(html, welcome, configHash(configText));
        } finally {
          await server.close();
        }
      },
    },
  };
}
