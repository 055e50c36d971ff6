import { ALLOWED_ATTRIBUTES, ALLOWED_ELEMENTS, enforceUrlPolicy } from './html-policy';
import { secureLink } from './secure-link';

/**
 * Configured HTML (footers, rich text, notices) is put on the page only through here. Where
 * the browser has the HTML Sanitizer API, its `setHTML` does the work: it never lets script
 * through, whatever the configuration, and costs no download (DOMPurify is about 9 kB gzip on
 * the Welcome step's critical path otherwise). Elsewhere DOMPurify, loaded before the first
 * render by `prepareSanitizer`, applies the same policy (src/html/html-policy.ts).
 */

interface ElementWithSetHtml extends Element {
  setHTML(html: string, options?: { sanitizer?: Sanitizer }): void;
}

let purify: ((html: string) => string) | null = null;
let nativeSanitizer: Sanitizer | null = null;

/** Whether this browser has the HTML Sanitizer API. */
export function hasNativeSanitizer(): boolean {
  return typeof globalThis.Sanitizer === 'function' && typeof (Element.prototype as Partial<ElementWithSetHtml>).setHTML === 'function';
}

/** Loads DOMPurify where the browser has no sanitizer of its own; call before rendering configured HTML. */
export async function prepareSanitizer(): Promise<void> {
  if (hasNativeSanitizer() || purify) return;
  const { sanitizeWithDomPurify } = await import('./dompurify-sanitize');
  purify = sanitizeWithDomPurify;
}

function policySanitizer(): Sanitizer {
  if (nativeSanitizer) return nativeSanitizer;
  // The project's allowlist; setHTML still removes whatever is unsafe even if a list allowed it.
  const sanitizer = new Sanitizer({ elements: [...ALLOWED_ELEMENTS], attributes: [...ALLOWED_ATTRIBUTES], comments: false, dataAttributes: false });
  nativeSanitizer = sanitizer;
  return sanitizer;
}

/** Replaces the element's content with the sanitized HTML. */
export function setSanitizedHtml(element: Element, html: string): void {
  if (hasNativeSanitizer()) {
    (element as ElementWithSetHtml).setHTML(html, { sanitizer: policySanitizer() });
    for (const node of element.querySelectorAll('[href], [src]')) enforceUrlPolicy(node);
    for (const link of element.querySelectorAll('a')) secureLink(link);
    return;
  }
  if (!purify) throw new Error('Configured HTML was rendered before prepareSanitizer() finished.');
  element.innerHTML = purify(html);
}
