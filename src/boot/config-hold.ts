import { RESUMING_CLASS } from '../storage/resume-hint';

/**
 * Welcome held back on a static host until config.json is known to be the file it was drawn from.
 *
 * index.html's Welcome, title and language are the build's programme. `npm start` rewrites
 * index.html for the config.json it serves (server/programme-pages.mjs, which takes this script
 * out), but a static host serves the file as built, so after an edit of config.json a creator
 * would first read the build's programme (its title, its words, its language) until the app had
 * read the edited file. This script, right after `<title>`, hides Welcome behind index.html's
 * loading line (the returning creator's class, storage/resume-hint.ts) and blanks the title, asks
 * for config.json and compares its text with the build's by a short hash: the same file shows
 * Welcome and its title again at once; another keeps the loading line until the app draws the
 * edited Welcome, and takes the edited file's title when it is a plain string.
 *
 * The price is the first paint: on a static host, Welcome waits for config.json, one more request
 * in parallel with the cover's (the file is a few kB). Chosen over showing the build's programme,
 * which a creator could read and act on (the wrong title, a language they do not read).
 */

/** The attribute that marks the script, so that a server which rewrites index.html can take it out. */
export const CONFIG_HOLD_ATTRIBUTE = 'data-config-hold';

/**
 * FNV-1a over the UTF-16 code units of the text, 32 bits, as 8 hex digits: the same in Node at
 * build time and in the inline script, which has no Web Crypto on a plain-HTTP origin. Not a
 * defence against anyone: it tells a deployer's edit from the build's file.
 */
export function configTextHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The classic script (ES5, no imports) that holds Welcome until config.json is known. */
export function configHoldScript(url: string, hash: string): string {
  return [
    '(function(){var d=document,r=d.documentElement;',
    `if(r.classList.contains(${JSON.stringify(RESUMING_CLASS)})||!window.fetch)return;`,
    `r.classList.add(${JSON.stringify(RESUMING_CLASS)});var built=d.title;d.title="";`,
    'function hash(t){var h=0x811c9dc5;for(var i=0;i<t.length;i++){h^=t.charCodeAt(i);h=Math.imul(h,0x01000193)>>>0;}return ("0000000"+h.toString(16)).slice(-8);}',
    `fetch(${JSON.stringify(url)}).then(function(a){return a.ok?a.text():null;}).then(function(t){`,
    `if(t!==null&&hash(t)===${JSON.stringify(hash)}){if(d.title==="")d.title=built;r.classList.remove(${JSON.stringify(RESUMING_CLASS)});return;}`,
    'try{var f=JSON.parse(t);if(typeof f.title==="string")d.title=f.title;if(typeof f.lang==="string")r.lang=f.lang;}catch(e){}',
    '}).catch(function(){});})();',
  ].join('');
}

/** index.html with the hold right after its `<title>`. */
export function withConfigHold(html: string, url: string, configText: string): string {
  return html.replace(/<\/title>/, () => `</title>\n    <script ${CONFIG_HOLD_ATTRIBUTE}>${configHoldScript(url, configTextHash(configText))}</script>`);
}
