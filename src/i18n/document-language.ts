import { textDirection } from './text-direction';

/**
 * Gives the page the programme's language and that language's direction together, so nothing
 * can set one without the other (the build and the server write the same pair into index.html).
 */
export function applyDocumentLanguage(lang: string, root: HTMLElement = document.documentElement): void {
  root.lang = lang;
  root.dir = textDirection(lang);
}
