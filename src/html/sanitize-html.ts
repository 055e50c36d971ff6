import DOMPurify from 'dompurify';

/**
 * Configured HTML (footers, rich text) goes through DOMPurify: no scripts, no event-handler
 * attributes, no javascript: URLs. Links to other sites open in a new tab without handing
 * that tab a reference back to this page.
 */
let hookInstalled = false;

function isExternal(href: string): boolean {
  try {
    const url = new URL(href, window.location.href);
    return /^https?:$/.test(url.protocol) && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

function installLinkHook(): void {
  if (hookInstalled) return;
  hookInstalled = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && isExternal(href)) node.setAttribute('target', '_blank');
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeHtml(html: string): string {
  installLinkHook();
  return DOMPurify.sanitize(html, {
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
