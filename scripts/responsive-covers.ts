/**
 * The cover build step, as a Vite plugin. Every image in src/covers (any format sharp reads: an
 * operator can drop in a photograph) becomes AVIF and WebP at the widths of cover-variants.ts
 * plus one JPEG, emitted under /covers/ with readable, stable names (covers/<name>-<width>.<ext>)
 * that public/config.json's responsive sets name. `vite dev` serves the same files on request.
 * It also puts a preload of the first step's cover into index.html, and stops the build when
 * config.json names a /covers/ file that is not made, so the two cannot drift apart.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { HtmlTagDescriptor, Logger, Plugin } from 'vite';
import { backgroundForStep } from '../src/config/background-for-step.ts';
import { type Backgrounds, coverImageSchemas } from '../src/config/cover-image-schema.ts';
import { coverPreload } from '../src/config/cover-preload.ts';
import { COVERS_FOLDER, coverVariants, MIME_TYPES, PHONE_BUDGET_BYTES, PHONE_WIDTH, type CoverVariant } from './cover-variants.ts';
import { encodeCover, readCoverSource, type CoverSource } from './encode-cover.ts';

/** Where the plugin finds its inputs and keeps its cache, relative to the project root. */
export interface ResponsiveCoversOptions {
  sourceDir?: string;
  cacheDir?: string;
}

// Formats sharp reads (with the libvips it ships); anything else in the folder, such as a README, is left alone.
const SOURCE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif', '.tif', '.tiff', '.heic', '.heif']);

interface EncodedCover {
  variant: CoverVariant;
  bytes: Buffer;
}

interface CoverFile {
  source: CoverSource;
  variant: CoverVariant;
}

async function listSources(sourceDir: string): Promise<Array<{ name: string; path: string }>> {
  const entries = await readdir(sourceDir, { withFileTypes: true }).catch(() => []);
  const sources = entries
    .filter((entry) => entry.isFile() && SOURCE_EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .map((entry) => ({ name: entry.name.slice(0, -extname(entry.name).length), path: join(sourceDir, entry.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const names = sources.map((source) => source.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`${sourceDir} has two images named "${twice}": their covers would share one name.`);
  return sources;
}

async function coverFiles(sourceDir: string): Promise<CoverFile[]> {
  const listed = await listSources(sourceDir);
  const sources = await Promise.all(listed.map((source) => readCoverSource(source.path, source.name)));
  return sources.flatMap((source) => coverVariants(source.name, source.width).map((variant) => ({ source, variant })));
}

async function readBackgrounds(configPath: string): Promise<Backgrounds | undefined> {
  try {
    const config = JSON.parse(await readFile(configPath, 'utf8')) as { backgrounds?: unknown };
    const parsed = coverImageSchemas().backgrounds.safeParse(config.backgrounds);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Every URL a `backgrounds` value names: plain paths, fallbacks and each srcset candidate. */
function backgroundUrls(backgrounds: Backgrounds): string[] {
  const covers = Array.isArray(backgrounds) ? backgrounds : [backgrounds];
  return covers.flatMap((cover) =>
    typeof cover === 'string'
      ? [cover]
      : [cover.src, ...cover.sources.flatMap((source) => source.srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''))],
  );
}

function preloadTag(backgrounds: Backgrounds): HtmlTagDescriptor {
  const hint = coverPreload(backgroundForStep(backgrounds, 0));
  const attrs =
    hint.imageSrcSet === undefined
      ? { rel: 'preload', as: 'image', href: hint.href, fetchpriority: 'high' }
      : // No href: a browser that does not know imagesrcset would fetch the fallback JPEG for nothing.
        { rel: 'preload', as: 'image', imagesrcset: hint.imageSrcSet, imagesizes: hint.imageSizes, type: hint.type, fetchpriority: 'high' };
  return { tag: 'link', attrs, injectTo: 'head' };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

/** The Vite plugin: see the header of this file. */
export function responsiveCovers(options: ResponsiveCoversOptions = {}): Plugin {
  let root = process.cwd();
  let base = '/';
  let publicDir = '';
  let logger: Logger | undefined;
  let encoding: Promise<EncodedCover[]> | undefined;
  const sourceDir = () => resolve(root, options.sourceDir ?? 'src/covers');
  const cacheDir = () => resolve(root, options.cacheDir ?? 'node_modules/.cache/responsive-covers');
  const configPath = () => join(publicDir, 'config.json');

  return {
    name: 'responsive-covers',

    configResolved(config) {
      root = config.root;
      base = config.base;
      publicDir = config.publicDir;
      logger = config.logger;
      // Started now rather than in generateBundle, so the images encode while the code bundles.
      if (config.command === 'build' && !config.build.ssr) {
        const started = Date.now();
        encoding = coverFiles(sourceDir()).then(async (files) => {
          const encoded = await Promise.all(files.map(async ({ source, variant }) => ({ variant, bytes: await encodeCover(source, variant, cacheDir()) })));
          logger?.info(`responsive covers: ${String(encoded.length)} files from ${sourceDir()} in ${String(Date.now() - started)} ms`);
          return encoded;
        });
        // Awaited in generateBundle; this only keeps an early failure from being reported as unhandled.
        encoding.catch(() => undefined);
      }
    },

    async generateBundle() {
      if (!encoding) return;
      const encoded = await encoding;
      for (const { variant, bytes } of encoded) {
        this.emitFile({ type: 'asset', fileName: variant.fileName, source: bytes });
        if (variant.width <= PHONE_WIDTH && bytes.length > PHONE_BUDGET_BYTES) {
          this.warn(
            `${variant.fileName} is ${kilobytes(bytes.length)}, over the ${kilobytes(PHONE_BUDGET_BYTES)} a phone should load for one cover: lower the quality in scripts/cover-variants.ts or use a simpler picture.`,
          );
        }
      }
      const backgrounds = await readBackgrounds(configPath());
      if (!backgrounds) return;
      const made = new Set(encoded.map(({ variant }) => `${base}${variant.fileName}`));
      const missing = backgroundUrls(backgrounds).filter(
        (url) => url.startsWith(`${base}${COVERS_FOLDER}/`) && !made.has(url) && !existsSync(join(publicDir, url.slice(base.length))),
      );
      if (missing.length > 0) {
        this.error(`public/config.json names ${missing.join(', ')}, which the cover build step does not make. ` + `It makes ${[...made].join(', ')}.`);
      }
    },

    async transformIndexHtml() {
      const backgrounds = await readBackgrounds(configPath());
      return backgrounds ? [preloadTag(backgrounds)] : [];
    },

    configureServer(server) {
      // vite dev: the files are made on request (from the same cache), so the dev server starts at once.
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        if (!path.startsWith(`${base}${COVERS_FOLDER}/`)) {
          next();
          return;
        }
        const fileName = path.slice(base.length);
        coverFiles(sourceDir())
          .then(async (files) => {
            const file = files.find(({ variant }) => variant.fileName === fileName);
            if (!file) {
              next();
              return;
            }
            const bytes = await encodeCover(file.source, file.variant, cacheDir());
            response.writeHead(200, { 'Content-Type': MIME_TYPES[file.variant.format], 'Content-Length': bytes.length, 'Cache-Control': 'no-cache' });
            response.end(bytes);
          })
          .catch(next);
      });
    },
  };
}
