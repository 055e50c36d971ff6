import DOMPurify from 'dompurify';
import { ALLOWED_ATTRIBUTES, ALLOWED_ELEMENTS, enforceUrlPolicy } from './html-policy';
import { secureLink } from './secure-link';

/**
 * DOMPurify, for browsers without the built-in HTML Sanitizer API: loaded only there, before
 * the first render, so every browser shows configured HTML at once and equally cleaned, by the
 * same policy (src/html/html-policy.ts).
 */
let hookInstalled = false;

export function sanitizeWithDomPurify(html: string): string {
  if (!hookInstalled) {
    hookInstalled = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      enforceUrlPolicy(node);
      if (node.tagName === 'A') secureLink(node);
    });
  }
  return DOMPurify.sanitize(html, {
    // Text is a node DOMPurify filters too: it must be listed.
    ALLOWED_TAGS: [...ALLOWED_ELEMENTS, '#text'],
    ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // As the HTML Sanitizer does: an element outside the policy goes with its content.
    KEEP_CONTENT: false,
  });
}
