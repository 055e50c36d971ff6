import DOMPurify from 'dompurify';
import { ALLOWED_ATTRIBUTES, ALLOWED_ELEMENTS, enforceUrlPolicy } from './html-policy';
import { secureLink } from './secure-link';

/**
 * DOMPurify, for browsers without the built-in HTML Sanitizer API: loaded only there, before
 * the first render, so every browser shows configured HTML at once and equally cleaned, by the
 * same policy (src/html/html-policy.ts).
 */
const hooked = new WeakSet<typeof DOMPurify>();

/** `purify`: another DOMPurify instance, such as the build's over jsdom (src/prerender). */
export function sanitizeWithDomPurify(html: string, purify: typeof DOMPurify = DOMPurify): string {
  if (!hooked.has(purify)) {
    hooked.add(purify);
    purify.addHook('afterSanitizeAttributes', (node) => {
      enforceUrlPolicy(node);
      if (node.tagName === 'A') secureLink(node);
    });
  }
  return purify.sanitize(html, {
    // Text is a node DOMPurify filters too: it must be listed.
    ALLOWED_TAGS: [...ALLOWED_ELEMENTS, '#text'],
    ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // As the HTML Sanitizer does: an element outside the policy goes with its content.
    KEEP_CONTENT: false,
  });
}
