import { parseStatusAnswer } from './status-answer';
import type { LookupOutcome } from './status-view';

/** Long enough for a slow phone network; a hung lookup then shows the kept answer. */
export const LOOKUP_TIMEOUT_MS = 10_000;

export interface LookupOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Whether the browser says it is online (a failed request then counts as a failure, not as offline). */
  online?: () => boolean;
}

/**
 * One lookup: GET the lookup URL with the secret as a bearer token, never in the URL; no cookies,
 * no referrer (the page's address holds the secret in its fragment, which browsers never send, but
 * nothing of it need leave), nothing cached on the way.
 */
export async function lookupStatus(url: string | null, secret: string, options: LookupOptions = {}): Promise<LookupOutcome> {
  const { fetchImpl = fetch, timeoutMs = LOOKUP_TIMEOUT_MS, online = () => navigator.onLine } = options;
  if (url === null) return { kind: 'failed' };
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetchImpl(url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${secret}`, Accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      signal: controller.signal,
    });
    if (response.status === 410) return { kind: 'withdrawn' };
    if (response.status === 404 || response.status === 400) return { kind: 'unknown' };
    if (response.status === 429) return { kind: 'busy' };
    if (!response.ok) return { kind: 'failed' };
    const body = (await response.json()) as unknown;
    const answer = parseStatusAnswer(body);
    return answer ? { kind: 'answer', answer, body } : { kind: 'failed' };
  } catch {
    return { kind: online() ? 'failed' : 'offline' };
  } finally {
    clearTimeout(timer);
  }
}
