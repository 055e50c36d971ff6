import { configTextHash } from './config-text-hash';
import { RESUMING_CLASS } from './page-marks';

/**
 * Welcome held back on a static host until config.json is known to be the file it was drawn from.
 *
 * index.html's Welcome, title and language are the build's programme. `npm start` rewrites
 * index.html for the config.json it serves (server/programme/programme-pages.mjs, which takes this
 * script out), but a static host serves the file as built, so after an edit of config.json a
 * creator would first read the build's programme (its title, its words, its language) until the
 * app had read the edited file. Run right after `<title>`, this hides Welcome behind index.html's
 * loading line (the returning creator's class) and blanks the title, asks for config.json and
 * compares its text with the build's by a short hash: the same file shows Welcome and its title
 * again at once; another keeps the loading line until the app draws the edited Welcome, and takes
 * the edited file's title and language when they are plain strings.
 *
 * The price is the first paint: on a static host, Welcome waits for config.json, one more request
 * in parallel with the cover's (the file is a few kB). Chosen over showing the build's programme,
 * which a creator could read and act on (the wrong title, a language they do not read).
 */
export function holdForConfig(url: string, builtHash: string, page: Window = window): void {
  const document = page.document;
  const root = document.documentElement;
  // A returning creator's page already waits for the app; a browser without fetch cannot ask.
  if (root.classList.contains(RESUMING_CLASS) || typeof page.fetch !== 'function') return;
  root.classList.add(RESUMING_CLASS);
  const builtTitle = document.title;
  document.title = '';
  page
    .fetch(url)
    .then((answer) => (answer.ok ? answer.text() : null))
    .then((text) => {
      if (text !== null && configTextHash(text) === builtHash) {
        if (document.title === '') document.title = builtTitle;
        root.classList.remove(RESUMING_CLASS);
        return;
      }
      if (text === null) return;
      const edited: unknown = JSON.parse(text);
      if (typeof edited !== 'object' || edited === null) return;
      const { title, lang } = edited as { title?: unknown; lang?: unknown };
      if (typeof title === 'string') document.title = title;
      if (typeof lang === 'string') root.lang = lang;
    })
    .catch(() => {
      // Unreadable or unreachable: the loading line stays until the app says what it found.
    });
}
