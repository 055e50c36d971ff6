import { parseConfigText } from './parse-config';

/**
 * How the service worker answers a request for config.json: the network's answer when it is a
 * configuration this build accepts (and then it becomes the kept copy), otherwise the last good
 * copy. A network error, a 4xx/5xx, an answer slower than the timeout, or a 200 that is not an
 * acceptable configuration (an invalid edit, index.html served by a host for a missing file)
 * never replaces the kept copy, and is only passed on when there is no copy to fall back to.
 */

/** The part of a Cache the strategy uses, so a test can pass a Map-backed one. */
export interface ConfigStore {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

export interface LastGoodConfigOptions {
  store: () => Promise<ConfigStore>;
  fetch: (request: Request) => Promise<Response>;
  /** After this long without an answer, the kept copy is served (the network may still refresh it). */
  timeoutMs: number;
  /** Lets a background refresh outlive the response (the fetch event's waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** True when a response holds a configuration this build would open with. */
export async function isAcceptableConfig(response: Response): Promise<boolean> {
  if (response.status !== 200) return false;
  try {
    return parseConfigText(await response.text()).ok;
  } catch {
    return false;
  }
}

type NetworkOutcome = { kind: 'good'; response: Response } | { kind: 'refused'; response: Response } | { kind: 'failed' };

/** Answers one request for config.json (see the module comment). */
export async function answerConfigRequest(request: Request, options: LastGoodConfigOptions): Promise<Response> {
  const network = fromNetwork(request, options);
  options.waitUntil?.(network);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout');
    }, options.timeoutMs);
  });
  const first = await Promise.race([network, timeout]);
  clearTimeout(timer);
  if (first !== 'timeout' && first.kind === 'good') return first.response;
  const kept = await (await options.store()).match(request);
  if (kept) return kept;
  // Nothing kept yet: the page gets what the network says, so it can explain the problem.
  const outcome = first === 'timeout' ? await network : first;
  return outcome.kind === 'failed' ? Response.error() : outcome.response;
}

async function fromNetwork(request: Request, options: LastGoodConfigOptions): Promise<NetworkOutcome> {
  let response: Response;
  try {
    response = await options.fetch(request);
  } catch {
    return { kind: 'failed' };
  }
  if (!(await isAcceptableConfig(response.clone()))) return { kind: 'refused', response };
  try {
    await (await options.store()).put(request, response.clone());
  } catch {
    // A full or refused cache: the answer is still good for this page.
  }
  return { kind: 'good', response };
}
