import { CHOOSING_CLASS, LANGUAGE_ATTRIBUTE, LOAD_FAILED_ATTRIBUTE, PRERENDERED_SELECTOR } from './page-marks';

/**
 * Right after the <template> of each other language (scripts/prerender-welcome.ts): for a page
 * choosePageLanguage opened in another language than index.html was drawn in, puts that
 * language's Welcome, loading line, title and load-failure line in place of the drawn ones. It
 * runs during parsing, before the first paint, so no other language is ever seen first; #root is
 * shown again whatever happens.
 */
export function swapPageLanguage(page: Window = window): void {
  const doc = page.document;
  const root = doc.documentElement;
  try {
    const language = root.getAttribute(LANGUAGE_ATTRIBUTE);
    if (!language || !root.classList.contains(CHOOSING_CLASS)) return;
    const template = doc.querySelector<HTMLTemplateElement>(`template[data-language="${language}"]`);
    const app = doc.getElementById('root');
    if (!template || !app) return;
    app.querySelector(PRERENDERED_SELECTOR)?.replaceWith(template.content.cloneNode(true));
    const line = app.querySelector('.boot-message');
    if (line) line.textContent = template.getAttribute('data-loading');
    doc.title = template.getAttribute('data-title') ?? '';
    root.setAttribute(LOAD_FAILED_ATTRIBUTE, template.getAttribute('data-load-failed') ?? '');
  } catch {
    // The drawn language's Welcome stays: still a whole page.
  } finally {
    root.classList.remove(CHOOSING_CLASS);
  }
}
