/**
 * Stands in for the url-parse package in tus-js-client (vite.config.ts, `resolve.alias`). Its one
 * use there is `new URL(link, origin).toString()`: the Location of a new upload resolved against
 * the endpoint. Every browser this app runs in has the platform's URL, so the package (about 2.5 kB
 * gzip, in the service worker every programme downloads and again in the files feature) buys
 * nothing. An endpoint may be a path ("/api/uploads"): it is resolved against the page, or the
 * worker's script, first, as url-parse does with the global location.
 */
export default function resolvedUrl(address: string, base?: string): URL {
  // Node (the unit tests run the real queue there) has no location, and endpoints that are whole URLs.
  const here = 'location' in globalThis ? globalThis.location.href : undefined;
  const against = base === undefined || here === undefined ? (base ?? here) : new URL(base, here).href;
  return new URL(address, against);
}
