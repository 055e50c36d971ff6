import DOMPurify from 'dompurify';
import { FORBIDDEN_ATTRIBUTES, FORBIDDEN_ELEMENTS } from './html-policy';
import { secureLink } from './secure-link';

/**
 * DOMPurify, for browsers without the built-in HTML Sanitizer API: loaded only there, before
 * the first render, so every browser shows configured HTML at once and equally cleaned.
 */
let hookInstalled = false;

export function sanitizeWithDomPurify(html: string): string {
  if (!hookInstalled) {
    hookInstalled = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') secureLink(node);
    });
  }
  return DOMPurify.sanitize(html, {
    ADD_ATTR: ['target'],
    FORBID_TAGS: [...FORBIDDEN_ELEMENTS],
    FORBID_ATTR: [...FORBIDDEN_ATTRIBUTES],
  });
}
