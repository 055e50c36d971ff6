// The three files a page reads its programme from, served as the receiver's programme source says
// (programme-source.mjs): config.json itself, and the two whose words the build took from
// public/config.json. A deployer may edit dist/config.json without rebuilding (README,
// "Configuring a programme"); every page is given the programme the receiver applies, so:
// - config.json: the last valid programme the file held, never an edit the receiver refuses (a
//   typo of `requestUrl` would have the page send nothing and thank the creator). The source has
//   recorded it before it is served, so what a page made under it is accepted later.
// - index.html: the title is config.json's; and when config.json is not the file the build drew
//   Welcome from (its digest differs from the one index.html carries), the page opens on the
//   loading line rather than the build's Welcome (the class the returning creator's hint sets:
//   src/first-paint/show-resuming.ts), until the app draws the edited Welcome.
// - manifest.webmanifest: name, short name, description and language from config.json; the
//   screenshots (pictures of the build's programme) are left out when config.json was edited.
// The html element's lang follows config.json too, and its dir (rtl for a language written right to
// left, the receiver's rules say which: src/i18n/text-direction.ts), so the page is laid out the
// right way round before its script runs. index.html is re-read only when it changes.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inDefaultLanguage, manifestFields } from './manifest-fields.mjs';
import { parseJson } from '../http/parse-json.mjs';

/**
 * @typedef {import('./programme-source.mjs').Programme} Programme
 * @typedef {Parameters<typeof manifestFields>[0] & { title: unknown }} ProgrammeWords
 */

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

/** index.html's data block of the configuration as the build checked it (src/config/checked-config.ts). */
const CHECKED_BLOCK = /<script type="application\/json" id="checked-config">[\s\S]*?<\/script>/;

/** The script that holds Welcome on a static host until config.json is known (src/first-paint/hold-for-config.ts). */
const CONFIG_HOLD = /<script data-config-hold>[\s\S]*?<\/script>\s*/;

/** index.html's opening tag, with or without the dir the build gave it. */
const HTML_TAG = /<html lang="[^"]*"(?: dir="[^"]*")?>/;

/**
 * @param {string} root dist/ (the real path of the folder served)
 * @param {() => Promise<Programme>} servedProgramme the programme pages are given now (programme-source.mjs's `current`)
 */
export function createProgrammePages(root, servedProgramme) {
  const indexText = watchedText(join(root, 'index.html'));
  /** @type {{ digest: string, words: ProgrammeWords } | null} */
  let parsed = null;

  /** The programme's words (parsed once per programme), and whether index.html was drawn from another. */
  async function programme() {
    const served = await servedProgramme();
    if (parsed?.digest !== served.digest) parsed = { digest: served.digest, words: /** @type {ProgrammeWords} */ (parseJson(served.text)) };
    const built = /data-prerendered-config="([0-9a-f]+)"/.exec(await indexText())?.[1] ?? null;
    return {
      words: parsed.words,
      edited: built !== null && built !== served.digest,
      direction: served.rules.direction,
      checkedBlock: () => served.rules.checkedBlock(served.digest),
    };
  }

  /**
   * The file's bytes as they should be served, or null to serve it as it is.
   * @param {string} path the real path of the file about to be served
   * @returns {Promise<Buffer | null>}
   */
  return async function rewrite(path) {
    if (path === join(root, 'config.json')) return Buffer.from((await servedProgramme()).text);
    const isIndex = path === join(root, 'index.html');
    const isManifest = path === join(root, 'manifest.webmanifest');
    if (!isIndex && !isManifest) return null;
    const { words, edited, direction, checkedBlock } = await programme();
    if (isIndex) {
      const dir = direction === 'rtl' ? ' dir="rtl"' : '';
      const html = (await indexText())
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(inDefaultLanguage(words, words.title) ?? '')}</title>`)
        .replace(HTML_TAG, () => `<html lang="${escapeHtml(words.lang)}"${dir}${edited ? ' class="resuming"' : ''}>`)
        // The edited programme as the receiver checked it, in place of the build's: the page then
        // takes it as it would the build's, without fetching and running the schema first.
        .replace(CHECKED_BLOCK, (block) => (edited ? checkedBlock() : block))
        // This page is drawn for the config.json served: no wait for the file (src/first-paint/hold-for-config.ts).
        .replace(CONFIG_HOLD, '');
      return Buffer.from(html);
    }
    /** @type {Record<string, unknown>} */
    const manifest = /** @type {Record<string, unknown>} */ (parseJson(await readFile(path, 'utf8')));
    // The build's description belongs to the build's programme: config.json's, or none.
    delete manifest.description;
    if (edited) delete manifest.screenshots;
    return Buffer.from(JSON.stringify({ ...manifest, ...manifestFields(words, direction) }));
  };
}
