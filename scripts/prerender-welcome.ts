/**
 * Welcome in index.html, as a Vite plugin: at build time it draws the Welcome step from
 * public/config.json with the app's own components (src/prerender/render-welcome.tsx, loaded
 * through Vite in Node) and puts the markup into #root, so the first paint needs no script.
 *
 * The markup is provisional: it sits in a wrapper that names the SHA-256 of the config.json it
 * was made from. The app always renders from the config.json it fetches and replaces the wrapper
 * in one commit, so an edited config.json wins: its text replaces the built text, which never
 * stays as final. Title and language (with its direction, dir="rtl" for Arabic) follow the same
 * file. Until then it is live: its links work, and a press of Continue is caught by a script in
 * the head and made again by the app, so a creator who presses at once is not ignored.
 *
 * After #root goes the configuration as the build checked it, with the digest of the text
 * (src/config/checked-config.ts): the app uses it instead of checking the same bytes again.
 *
 * So that nothing but the HTML and the cover stands between the request and the first paint, the
 * entry's stylesheet goes inline, the cover's preload comes first in the head, and the app's code
 * (with config.json) is asked for by a tiny inline starter only once Welcome has been painted
 * with its cover (src/first-paint/start-app.ts).
 *
 * A returning creator's page opens on their own step, not on Welcome: a classic script at the top
 * of the head reads a hint in localStorage (src/storage/resume-hint.ts) and, when the device holds
 * an application, hides Welcome and shows index.html's loading line before anything is painted.
 *
 * Both inline scripts are allowed by their SHA-256 in the Content-Security-Policy, which
 * server/http/security-headers.mjs computes from the served index.html.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { checkedConfigBlock } from '../src/config/checked-config.ts';
import { configDigest } from '../src/config/config-digest.ts';
import { CONFIG_HOLD_ATTRIBUTE, RESUMING_LINE_CLASS } from '../src/first-paint/page-marks.ts';
import { textDirection } from '../src/i18n/text-direction.ts';
import type { PrerenderedWelcome } from '../src/prerender/prerendered-welcome';
import { EN } from '../src/i18n/messages-en.ts';
import { configHoldScript, headScript, languageSwapScript, starterScript } from './first-paint-scripts.ts';

/** The attribute of the wrapper that holds the prerendered Welcome: the hash of its config.json. */
export const PRERENDER_HASH_ATTRIBUTE = 'data-prerendered-config';

const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<noscript>)/;

/** What src/prerender/render-welcome.tsx exports, as the build loads it. */
interface PrerenderModule {
  renderWelcome(configText: string, sanitize: (html: string) => string, language?: string): PrerenderedWelcome | null;
  welcomeLanguages(configText: string): string[];
  buildTimeSanitizer(): Promise<(html: string) => string>;
}

/**
 * Whether a value survives JSON unchanged (plain objects, arrays, strings, finite numbers,
 * booleans, null; a key holding undefined is simply left out): the checked configuration is
 * carried as JSON, so one the schema turned into anything else (a date, a map) is not carried.
 */
export function isJsonData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => item !== undefined && isJsonData(item));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every((item) => item === undefined || isJsonData(item));
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/**
 * index.html with Welcome in #root, the configured title, language and direction, and, after #root, the
 * configuration as the build checked it (src/config/checked-config.ts) when it can be carried.
 */
export function withPrerenderedWelcome(
  html: string,
  welcome: PrerenderedWelcome,
  digest: string,
  others: readonly PrerenderedWelcome[] = [],
  swapScript = '',
): string {
  if (!ROOT.test(html)) throw new Error('prerender-welcome: index.html has no <div id="root">…</div> before its <noscript>.');
  // index.html's loading line stays, hidden unless the head script finds the device resuming.
  const loadingLine = (/<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '')
    .replace('class="boot-message"', `class="boot-message ${RESUMING_LINE_CLASS}"`)
    .replace(/>[^<]*<\/p>/, () => `>${escapeText(welcome.words.loading)}</p>`);
  const wrapper = (markup: string) => `<div class="prerendered" ${PRERENDER_HASH_ATTRIBUTE}="${digest}">${markup}</div>`;
  const translations = Object.fromEntries(others.map((other) => [other.lang, other.checked.config]));
  const checkedCopy = { digest, ...welcome.checked, ...(others.length > 0 ? { translations } : {}) };
  const checked = isJsonData(checkedCopy) ? `\n    ${checkedConfigBlock(checkedCopy)}` : '';
  // The Welcome of each other language, put in place before the first paint when the page opens
  // in it by `swapScript` (src/first-paint/swap-page-language.ts, compiled: first-paint-scripts.ts).
  const templates = others
    .map(
      (other) =>
        `\n    <template data-language="${escapeAttribute(other.lang)}" data-title="${escapeAttribute(other.title)}" data-loading="${escapeAttribute(other.words.loading)}" data-load-failed="${escapeAttribute(other.words.loadFailed)}">${wrapper(other.markup)}</template>`,
    )
    .join('');
  const swap = others.length > 0 && swapScript ? `\n    <script>${swapScript}</script>` : '';
  const noscript = [welcome, ...others]
    .map((each) =>
      others.length > 0 ? `<p lang="${escapeAttribute(each.lang)}">${escapeText(each.words.needsScript)}</p>` : escapeText(each.words.needsScript),
    )
    .join('');
  return (
    html
      .replace(ROOT, () => `<div id="root">${loadingLine}${wrapper(welcome.markup)}</div>${templates}${swap}${checked}`)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeText(welcome.title)}</title>`)
      // dir only where it is not the default, so a left-to-right page is the one it always was.
      .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttribute(welcome.lang)}"${textDirection(welcome.lang) === 'rtl' ? ' dir="rtl"' : ''}>`)
      .replace(/<noscript>[\s\S]*?<\/noscript>/, () => `<noscript>${noscript}</noscript>`)
  );
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">\s*/g;
const FETCH_PRELOAD =
  /<!--[^>]*-->\s*<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>\s*|<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>\s*/g;

/**
 * index.html starting the app through the starter, which is written inline (a file would be one
 * more request, on a phone's network a new connection, before the first paint): the entry script
 * and its modulepreloads are replaced.
 */
export async function withStarter(
  html: string,
  loadFailed: string = EN.formLoadFailed,
): Promise<{ html: string; entry: string | null; preloads: string[]; fetches: string[] }> {
  const entry = ENTRY_SCRIPT.exec(html)?.[1] ?? null;
  if (!entry) return { html, entry: null, preloads: [], fetches: [] };
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => `/${match[1] ?? ''}`);
  // config.json's preload too: asked for with the app's code, not beside the cover.
  const fetches = [...html.matchAll(FETCH_PRELOAD)].map((match) => match[1] ?? match[2] ?? '');
  const source = await starterScript(`/${entry}`, preloads, fetches, loadFailed);
  const rewritten = html
    .replace(MODULE_PRELOAD, '')
    .replace(FETCH_PRELOAD, '')
    .replace(ENTRY_SCRIPT, () => `<script type="module">${source}</script>\n    `);
  return { html: rewritten, entry: `/${entry}`, preloads, fetches };
}

const VIEWPORT = /<meta name="viewport"[^>]*>/;
const COVER_PRELOAD = /\s*<link rel="preload" as="image"[^>]*>/;

/**
 * The head's first work, right after the viewport (which the cover's `imagesizes` depends on):
 * `script`, the first-paint scripts compiled (first-paint-scripts.ts: the resume link taken off
 * the address, the page's language, Welcome hidden when the device holds an application, a press
 * of Continue caught before the app runs), then the cover's preload, ahead of the inlined styles,
 * so the cover is asked for as soon as the first bytes arrive.
 */
export function withHeadFirst(html: string, script: string): string {
  const preload = COVER_PRELOAD.exec(html)?.[0].trim();
  const first = [`<script>${script}</script>`, ...(preload ? [preload] : [])].join('\n    ');
  if (!VIEWPORT.test(html)) throw new Error('prerender-welcome: index.html has no <meta name="viewport">.');
  return html.replace(COVER_PRELOAD, '').replace(VIEWPORT, (viewport) => `${viewport}\n    ${first}`);
}

/** index.html with the static host's hold for config.json (`script`) right after its `<title>`. */
export function withConfigHold(html: string, script: string): string {
  return html.replace(/<\/title>/, () => `</title>\n    <script ${CONFIG_HOLD_ATTRIBUTE}>${script}</script>`);
}

const STYLESHEET = /<link rel="stylesheet"[^>]*? href="\/?(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The entry's stylesheets as `<style>` in the head: the prerendered Welcome then paints after the
 * HTML alone, without a render-blocking request (a round trip on a phone's network). The files
 * stay in the build for anything that links them.
 */
export function inlineEntryStyles(html: string, bundle: Record<string, { type: string; source?: string | Uint8Array }> | undefined): string {
  if (!bundle) return html;
  return html.replace(STYLESHEET, (tag, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset' || asset.source === undefined) return tag;
    const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * The Vite plugin: see the header of this file. `programmeFile`: a config.json to build with in
 * place of public/config.json (the test suite's build of a programme in several languages), also
 * written into the build as its config.json.
 */
export function prerenderWelcome(programmeFile?: string): Plugin {
  let root = process.cwd();
  let publicDir = '';
  let outDir = '';
  return {
    name: 'prerender-welcome',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
      outDir = config.build.outDir;
    },
    async closeBundle() {
      // resolve, not join: `--outDir` may be absolute (the benchmark builds into a temporary directory).
      if (programmeFile) await copyFile(programmeFile, join(resolve(root, outDir), 'config.json'));
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        html = inlineEntryStyles(html, context.bundle);
        const configText = await readFile(programmeFile ?? join(publicDir, 'config.json'), 'utf8');
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
          const sanitize = await module.buildTimeSanitizer();
          const welcome = module.renderWelcome(configText, sanitize);
          if (!welcome) {
            this.warn('public/config.json is not valid or does not open on a Welcome step: index.html keeps its loading line.');
            return html;
          }
          const digest = await configDigest(configText);
          if (!digest) throw new Error('prerender-welcome: this Node.js has no Web Crypto.');
          if (!isJsonData(welcome.checked)) this.warn('public/config.json validates to more than JSON: the app will validate it again at run time.');
          // A programme in several languages: each other language's Welcome, for a page opening in it.
          const languages = module.welcomeLanguages(configText);
          const others = languages.slice(1).flatMap((language) => module.renderWelcome(configText, sanitize, language) ?? []);
          const chosen = others.length > 0 ? languages : [];
          const prerendered = withPrerenderedWelcome(html, welcome, digest, others, others.length > 0 ? await languageSwapScript() : '');
          const started = await withStarter(prerendered, welcome.words.loadFailed);
          // On a static host, Welcome waits until config.json is known to be this file (src/first-paint/hold-for-config.ts).
          const held = withConfigHold(started.html, await configHoldScript(started.fetches[0] ?? '/config.json', configText));
          return withHeadFirst(held, await headScript(chosen));
        } finally {
          await server.close();
        }
      },
    },
  };
}
