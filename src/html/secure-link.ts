/**
 * Links in configured HTML that lead to other sites open in a new tab, and any link opening a
 * new tab gets rel="noopener noreferrer", so that tab has no way back into this page.
 */
function isExternal(href: string): boolean {
  try {
    const url = new URL(href, window.location.href);
    return /^https?:$/.test(url.protocol) && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

export function secureLink(link: Element): void {
  const href = link.getAttribute('href');
  if (href !== null && isExternal(href)) link.setAttribute('target', '_blank');
  if (link.getAttribute('target') === '_blank') link.setAttribute('rel', 'noopener noreferrer');
}
