/**
 * Where the page creates its uploads: beside the applications' path, in its folder, under
 * `uploads` (server/uploads/uploads-prefix.mjs: /api/applications → /api/uploads), as the drafts in
 * transit sit under `drafts/` (handover/drafts-endpoint.ts). POST there creates an upload; the
 * receiver answers with its own address, which HEAD, PATCH and DELETE then use.
 */

/** The tus creation endpoint for the applications' endpoint `requestUrl` (relative to `base`). */
export function uploadsUrl(requestUrl: string, base: string): string {
  const url = new URL(requestUrl, base);
  const folder = url.pathname.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
  url.pathname = `${folder}/uploads`;
  url.search = '';
  url.hash = '';
  return url.href;
}
