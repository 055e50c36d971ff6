/**
 * The one policy for configured HTML (footers, rich text, notices, checkbox labels), applied
 * alike by the browser's HTML Sanitizer and by DOMPurify (src/html/sanitize-html.ts): an
 * allowlist of text elements and attributes, and link and image addresses by scheme. Anything
 * else is removed with its content, by both. No ids (they could collide with the form's), no
 * styles, classes or data attributes, no form controls that would look like part of the
 * application but send nothing, no interactive widgets (details, popover), no srcset (its URLs
 * escape the scheme check), no data: or javascript: URLs. tests/e2e/sanitizers-agree.spec.ts
 * runs one corpus through both and compares.
 */
export const ALLOWED_ELEMENTS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
] as const;

export const ALLOWED_ATTRIBUTES = ['href', 'title', 'alt', 'src', 'width', 'height', 'target', 'rel', 'lang', 'dir'] as const;

/** Attributes holding an address, and the schemes each may use (a relative address has none). */
const URL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  href: ['http:', 'https:', 'mailto:', 'tel:'],
  src: ['http:', 'https:'],
};

// A scheme is letters, digits, "+", "-" or "." before the first ":" that precedes any "/", "?" or "#".
// Browsers drop tabs and line breaks inside a URL and spaces around it before reading the scheme.
function schemeOf(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- the controls are exactly what browsers ignore.
  const text = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  const match = /^([^/?#]*?):/.exec(text);
  return match ? `${(match[1] ?? '').toLowerCase()}:` : null;
}

/** Whether an address may stay on this attribute (true for attributes that hold no address). */
export function isAllowedUrl(attribute: string, value: string): boolean {
  const schemes = URL_SCHEMES[attribute];
  if (!schemes) return true;
  const scheme = schemeOf(value);
  return scheme === null || schemes.includes(scheme);
}

/** Removes the addresses the policy refuses from one sanitized element. */
export function enforceUrlPolicy(element: Element): void {
  for (const attribute of Object.keys(URL_SCHEMES)) {
    const value = element.getAttribute(attribute);
    if (value !== null && !isAllowedUrl(attribute, value)) element.removeAttribute(attribute);
  }
}
