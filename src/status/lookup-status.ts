import { parseStatusAnswer } from './status-answer';
import type { LookupOutcome } from './status-view';

/** Long enough for a slow phone network; a hung lookup then shows the kept answer. */
export const LOOKUP_TIMEOUT_MS = 10_000;

export interface LookupOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * One lookup: GET the lookup URL with the secret as a bearer token, never in the URL; no cookies,
 * no referrer (the page's address holds the secret in its fragment, which browsers never send, but
 * nothing of it need leave), nothing cached on the way.
 */
export async function lookupStatus(url: string | null, secret: string, options: LookupOptions = {}): Promise<LookupOutcome> {
  const { fetchImpl = fetch, timeoutMs = LOOKUP_TIMEOUT_MS } = options;
  if (url === null) return { kind: 'failed' };
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${secret}`, Accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    // No answer at all is no connection (navigator.onLine is no help: a browser may say true
    // without a network); one too slow to wait for is a failed check.
    return { kind: controller.signal.aborted ? 'failed' : 'offline' };
  }
  try {
    if (response.status === 410) return { kind: 'withdrawn' };
    if (response.status === 404 || response.status === 400) return { kind: 'unknown' };
    if (response.status === 429) return { kind: 'busy' };
    if (!response.ok) return { kind: 'failed' };
    const body = (await response.json()) as unknown;
    const answer = parseStatusAnswer(body);
    return answer ? { kind: 'answer', answer, body } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}
