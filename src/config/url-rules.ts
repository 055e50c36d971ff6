/**
 * The URL rules of config.json (`redirectUrl`, `footerLinks[].href`, `logo.href`, `logo.src`,
 * `requestUrl`): a value is what it seems. A path stays on this site: `//host` and `/\host`
 * are read by browsers as another origin (a backslash counts as a slash, and tabs and line
 * breaks inside a URL are dropped before it is read), so they are refused as paths. Another
 * origin must be named outright, with https; plain http only for this machine (localhost,
 * 127.0.0.1, [::1]), where a deployer tries a build. `javascript:`, `data:` and any other scheme
 * are refused.
 */

// What a browser removes from a URL before parsing it: leading/trailing C0 controls and spaces, and tabs and line breaks anywhere.
function asTheBrowserReadsIt(value: string): string {
  // eslint-disable-next-line no-control-regex -- the controls are exactly what is stripped.
  return value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An absolute https URL, or http on this machine. */
export function isAllowedAbsoluteUrl(value: string): boolean {
  const text = asTheBrowserReadsIt(value);
  // The host right after the two slashes: "https:///x" and "https:/\\x" would silently take the path as the host.
  if (!/^https?:\/\/[^/\\]/i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.hostname === '') return false;
  return url.protocol === 'https:' || LOCAL_HOSTS.has(url.hostname);
}

/** A path on this site: starts with one slash (not `//` or `/\`), or is relative (`./x`, `x`), or a `#fragment`. */
export function isSitePath(value: string, { relative }: { relative: 'dot' | 'any' }): boolean {
  const text = asTheBrowserReadsIt(value);
  if (text === '') return false;
  if (/^[/\\][/\\]/.test(text)) return false;
  if (text.startsWith('/') || text.startsWith('#') || text.startsWith('./')) return true;
  // A bare relative path ("logo.svg") has no scheme: nothing before a ':' that precedes any '/', '?' or '#'.
  return relative === 'any' && !/^[^/?#]*:/.test(text) && !text.startsWith('\\');
}

/** A link target: an https URL (http on this machine), or a path on this site. */
export function isSafeLink(value: string): boolean {
  return isAllowedAbsoluteUrl(value) || isSitePath(value, { relative: 'dot' });
}

/** An image or endpoint address: as a link, and a bare relative path (resolved against index.html) too. */
export function isSafeResource(value: string): boolean {
  return isAllowedAbsoluteUrl(value) || isSitePath(value, { relative: 'any' });
}
