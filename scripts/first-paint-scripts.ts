/**
 * index.html's inline scripts, compiled at build time from the TypeScript of src/first-paint/:
 * each call names a file there and the function it exports (named after the file), with its
 * arguments as JSON. They run before any module, in every supported engine, so they are bundled
 * into one classic script (an IIFE, ES2015: Rolldown, which Vite builds with, goes no lower; the
 * supported engines all run it, and the strings these replaced used later syntax already),
 * minified. What they import (storage keys, chooseLanguage) is inlined: imported modules are
 * taken as free of side effects, so nothing but the bindings used comes along.
 *
 * The Content-Security-Policy allows them by the SHA-256 of the text in the served index.html
 * (server/http/security-headers.mjs), so whatever this produces is what is hashed.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { configTextHash } from '../src/first-paint/config-text-hash.ts';
import { textDirection } from '../src/i18n/text-direction.ts';

// From the file's path, not a URL object: under a DOM test environment `URL` is the DOM's own.
const FIRST_PAINT = join(dirname(fileURLToPath(import.meta.url)), '../src/first-paint/');
const ENTRY = '\0first-paint-entry';

/** One function of src/first-paint/ run by the script: `file` without `.ts`, its export named after it. */
export interface FirstPaintCall {
  file: string;
  args?: readonly unknown[];
}

/** An argument written as `() => import(url)`: the app's entry, left for the browser to load. */
export class ImportOf {
  constructor(readonly url: string) {}
}

function argument(value: unknown): string {
  return value instanceof ImportOf ? `() => import(${JSON.stringify(value.url)})` : JSON.stringify(value);
}

/** `choose-page-language` → `choosePageLanguage`. */
function exportName(file: string): string {
  return file.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The source of the entry that calls each function in turn. */
export function entrySource(calls: readonly FirstPaintCall[]): string {
  const imports = calls.map(({ file }) => {
    if (!/^[a-z][a-z-]*$/.test(file)) throw new Error(`first-paint: ${file} is not a file name of src/first-paint/.`);
    return `import { ${exportName(file)} } from ${JSON.stringify(`${FIRST_PAINT}${file}.ts`)};`;
  });
  const runs = calls.map(({ file, args = [] }) => `${exportName(file)}(${args.map(argument).join(', ')});`);
  return [...new Set(imports), ...runs].join('\n');
}

/**
 * One inline script running `calls` in order, as it goes into index.html (`</script` escaped): a
 * classic script, or with `module` the text of a `<script type="module">`, whose imports of the
 * build's own files (`/assets/…`) stay imports.
 */
export async function firstPaintScript(calls: readonly FirstPaintCall[], { module = false } = {}): Promise<string> {
  const source = entrySource(calls);
  const bundle = await build({
    input: ENTRY,
    write: false,
    logLevel: 'warn',
    plugins: [{ name: 'first-paint-entry', resolveId: (id) => (id === ENTRY ? id : null), load: (id) => (id === ENTRY ? source : null) }],
    external: (id) => id.startsWith('/assets/'),
    treeshake: { moduleSideEffects: false },
    transform: { target: 'es2015' },
    output: { format: module ? 'esm' : 'iife', minify: true },
  });
  const [chunk, ...others] = bundle.output;
  if (others.length > 0) throw new Error('first-paint: the scripts must compile to one chunk, with no imports left.');
  return chunk.code.trim().replace(/<\/script/gi, '<\\/script');
}

/**
 * The head's script, first in index.html: the resume link taken off the address, then for a
 * programme in several `languages` (the drawn one first) the page's language chosen, then Welcome
 * hidden when the device holds an application, then a press of Continue caught until the app runs.
 */
export function headScript(languages: readonly string[]): Promise<string> {
  const directions = Object.fromEntries(languages.map((tag) => [tag, textDirection(tag)]));
  return firstPaintScript([
    { file: 'stash-resume-fragment' },
    ...(languages.length > 1 ? [{ file: 'choose-page-language', args: [languages, directions] }] : []),
    { file: 'show-resuming' },
    { file: 'catch-early-continue' },
  ]);
}

/** The script after the other languages' templates, which puts the chosen one's Welcome in place. */
export function languageSwapScript(): Promise<string> {
  return firstPaintScript([{ file: 'swap-page-language' }]);
}

/**
 * The module script that starts the app once Welcome has been painted (start-app.ts): `entry` and
 * its `preloads` as the build named them, `fetches` (config.json), and the line Welcome shows if
 * they cannot be fetched.
 */
export function starterScript(entry: string, preloads: readonly string[], fetches: readonly string[], loadFailed: string): Promise<string> {
  return firstPaintScript([{ file: 'start-app', args: [new ImportOf(entry), preloads, fetches, loadFailed] }], { module: true });
}

/**
 * The script right after `<title>` that, on a static host, holds Welcome until config.json is
 * known to be `configText`, the file it was drawn from (hold-for-config.ts), fetched from `url`.
 */
export function configHoldScript(url: string, configText: string): Promise<string> {
  return firstPaintScript([{ file: 'hold-for-config', args: [url, configTextHash(configText)] }]);
}
