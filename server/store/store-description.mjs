// Which store a process works on, in words a deployer can check against the receiver's start-up
// line: the embedded store's folder as an absolute path, or the PostgreSQL database's host, port
// and name. Never the user's password (nor the URL's query, which may carry one).

import { resolve } from 'node:path';

/**
 * @param {{ databaseUrl: string | undefined, dataDir: string }} target
 * @returns {string}
 */
export function describeStore({ databaseUrl, dataDir }) {
  if (!databaseUrl) return `PGlite in ${resolve(dataDir)}`;
  let url;
  try {
    url = new URL(databaseUrl);
  } catch {
    return 'PostgreSQL (DATABASE_URL, which is not a URL this can read)';
  }
  // libpq's defaults, which pg applies too, for what the URL leaves out (a socket's folder as ?host=).
  const host = decodeURIComponent(url.hostname) || url.searchParams.get('host') || process.env.PGHOST || 'localhost';
  const port = url.port || process.env.PGPORT || '5432';
  const name =
    decodeURIComponent(url.pathname.replace(/^\//, '')) ||
    process.env.PGDATABASE ||
    decodeURIComponent(url.username) ||
    process.env.PGUSER ||
    "(the user's own)";
  return `PostgreSQL database "${name}" at ${host}:${port}`;
}
