/**
 * Where the status page asks: `status` in the folder of the programme's `requestUrl`
 * (`/api/applications` → `/api/status`), on its origin, without its query or fragment; the
 * secret never goes in it (the lookup sends it as `Authorization: Bearer`). null: the programme
 * sends to no receiver, or its `requestUrl` is not a URL.
 */
export function statusLookupUrl(requestUrl: unknown, pageHref: string): string | null {
  if (typeof requestUrl !== 'string' || requestUrl === '') return null;
  try {
    const sent = new URL(requestUrl, pageHref);
    if (sent.protocol !== 'https:' && sent.protocol !== 'http:') return null;
    return new URL('status', sent).href;
  } catch {
    return null;
  }
}
