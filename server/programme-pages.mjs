// The two files whose words the build took from public/config.json, served as dist/config.json
// says now. A deployer may edit dist/config.json without rebuilding (README, "Configuring a
// programme"); the page follows the edit once its script has read the file, but index.html's title
// and its Welcome drawn at build time, and the manifest an install reads, would still name the
// programme the build was made for. So:
// - index.html: the title is config.json's; and when config.json is not the file the build drew
//   Welcome from (its digest differs from the one index.html carries), the page opens on the
//   loading line rather than the build's Welcome (the class the returning creator's hint sets:
//   src/storage/resume-hint.ts), until the app draws the edited Welcome.
// - manifest.webmanifest: name, short name, description and language from config.json; the
//   screenshots (pictures of the build's programme) are left out when config.json was edited.
// The html element's lang follows config.json too, and its dir (rtl for a language written right to
// left, the receiver's rules say which: src/i18n/text-direction.ts), so the page is laid out the
// right way round before its script runs. Files are re-read only when they change.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { manifestFields } from './manifest-fields.mjs';
import { programmeDigest } from './programme-source.mjs';

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (character) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[character] ?? ''};`);
}

/**
 * A file read again only when it changed.
 * @param {string} path
 */
function watchedText(path) {
  /** @type {{ stamp: string, text: string } | null} */
  let cached = null;
  return async () => {
    const info = await stat(path);
    const stamp = `${String(info.ino)}:${String(info.size)}:${String(info.mtimeMs)}`;
    if (cached?.stamp !== stamp) cached = { stamp, text: await readFile(path, 'utf8') };
    return cached.text;
  };
}

/** index.html's opening tag, with or without the dir the build gave it. */
const HTML_TAG = /<html lang="[^"]*"(?: dir="[^"]*")?>/;

/**
 * @param {string} root dist/ (the real path of the folder served)
 * @param {(config: unknown) => import('../src/config/receiver-rules.ts').ReceiverRules} rulesFor
 */
export function createProgrammePages(root, rulesFor) {
  const configText = watchedText(join(root, 'config.json'));
  const indexText = watchedText(join(root, 'index.html'));
  /** @type {{ text: string, direction: 'ltr' | 'rtl' } | null} */
  let lastDirection = null;

  /**
   * The direction of the page in config.json's language: left to right when the file is not a
   * valid programme (the page then shows its configuration-error screen, in a language the app
   * speaks by itself, none of which is written right to left: src/boot/error-screen-language.ts).
   * @param {string} text @param {unknown} config
   */
  function directionOf(text, config) {
    if (lastDirection?.text !== text) {
      const rules = rulesFor(config);
      lastDirection = { text, direction: rules.ok ? rules.direction : 'ltr' };
    }
    return lastDirection.direction;
  }

  /** config.json parsed, and whether it is the file index.html was drawn from; null when unreadable. */
  async function programme() {
    let text;
    try {
      text = await configText();
      const config = /** @type {{ title?: unknown, programmeTitle?: unknown, shortName?: unknown, description?: unknown, lang?: unknown }} */ (JSON.parse(text));
      if (typeof config.title !== 'string' || typeof config.programmeTitle !== 'string' || typeof config.lang !== 'string') return null;
      const built = /data-prerendered-config="([0-9a-f]+)"/.exec(await indexText())?.[1] ?? null;
      return { config, edited: built !== null && built !== programmeDigest(text), direction: directionOf(text, config) };
    } catch {
      // A broken edit: the page shows its configuration-error screen; these files stay as built.
      return null;
    }
  }

  /**
   * The file's bytes as they should be served, or null to serve it as it is.
   * @param {string} path the real path of the file about to be served
   * @returns {Promise<Buffer | null>}
   */
  return async function rewrite(path) {
    const isIndex = path === join(root, 'index.html');
    const isManifest = path === join(root, 'manifest.webmanifest');
    if (!isIndex && !isManifest) return null;
    const current = await programme();
    if (!current) return null;
    const { config, edited, direction } = current;
    if (isIndex) {
      const dir = direction === 'rtl' ? ' dir="rtl"' : '';
      const html = (await indexText())
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(String(config.title))}</title>`)
        .replace(HTML_TAG, () => `<html lang="${escapeHtml(String(config.lang))}"${dir}${edited ? ' class="resuming"' : ''}>`);
      return Buffer.from(html);
    }
    /** @type {Record<string, unknown>} */
    const manifest = JSON.parse(await readFile(path, 'utf8'));
    // The build's description belongs to the build's programme: config.json's, or none.
    delete manifest.description;
    if (edited) delete manifest.screenshots;
    return Buffer.from(JSON.stringify({ ...manifest, ...manifestFields(/** @type {Parameters<typeof manifestFields>[0]} */ (config), direction) }));
  };
}
