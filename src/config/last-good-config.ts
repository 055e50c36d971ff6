/**
 * How the service worker answers a request for config.json: the network's answer when it is a
 * 200, otherwise the last good copy the page kept (src/boot/kept-config.ts). A network error, a
 * 4xx/5xx or any status but 200, or no answer within the timeout, gets the kept copy, and the
 * network's answer is only passed on when there is no copy to fall back to (the page then says
 * what is wrong).
 *
 * The worker does not judge a 200: the page parses config.json anyway, and when that fails (an
 * invalid edit, index.html served by a host for a missing file) it opens with the kept copy
 * itself; the page, after opening with a file, keeps it (the worker only puts a stand-in where
 * nothing is kept yet, as it installs: sw/sw.ts). So the worker carries no schema (zod
 * and the programme's rules were a quarter of sw.js), and a file is judged by the build that runs it.
 */

/** The part of a Cache the strategy reads, so a test can pass a Map-backed one. */
export interface ConfigStore {
  match(request: Request): Promise<Response | undefined>;
}

export interface LastGoodConfigOptions {
  store: () => Promise<ConfigStore>;
  fetch: (request: Request) => Promise<Response>;
  /** After this long without an answer, the kept copy is served. */
  timeoutMs: number;
}

/** Answers one request for config.json (see the module comment). */
export async function answerConfigRequest(request: Request, options: LastGoodConfigOptions): Promise<Response> {
  // A network error becomes an error response: what fetch itself gives the page when nothing is kept.
  const network = options.fetch(request).catch(() => Response.error());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout');
    }, options.timeoutMs);
  });
  const first = await Promise.race([network, timeout]);
  clearTimeout(timer);
  if (first instanceof Response && first.status === 200) return first;
  const kept = await keptCopy(request, options);
  if (kept) return kept;
  // Nothing kept yet: the page gets what the network says, so it can explain the problem.
  return first === 'timeout' ? network : first;
}

/** The kept copy, or undefined when there is none or Cache Storage refuses (storage off, a broken profile). */
async function keptCopy(request: Request, options: LastGoodConfigOptions): Promise<Response | undefined> {
  try {
    return await (await options.store()).match(request);
  } catch {
    return undefined;
  }
}
