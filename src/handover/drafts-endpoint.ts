/**
 * The receiver's handed-over drafts, as the page reaches them: beside the applications' path, in
 * its folder, under `drafts/` (server/drafts/drafts-in-transit.mjs, draftsPrefix: /api/applications → /api/drafts/{id}).
 * Each call answers what happened in the terms the page acts on, never throws, and sends nothing
 * but the id and the ciphertext (with a proof of work when the receiver asks for one, as for an
 * application): no cookie, no referrer.
 */
import { requestWithProof, type ProofSource } from '../outbox/request-with-proof';

export const DRAFT_REQUEST_TIMEOUT_MS = 15_000;

/** The address of the draft `id` for the applications' endpoint `requestUrl` (relative to `base`). */
export function draftUrl(requestUrl: string, base: string, id: string): string {
  const url = new URL(requestUrl, base);
  const folder = url.pathname.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
  url.pathname = `${folder}/drafts/${id}`;
  url.search = '';
  url.hash = '';
  return url.href;
}

/** No connection (or no answer in time): the action needs one. */
export type Unreachable = { ok: false; reason: 'offline' };
/** The receiver answered with trouble of its own (a 5xx, a 429): worth trying again later. */
export type Unavailable = { ok: false; reason: 'unavailable'; status: number };

export type StoreDraftResult = { ok: true; expiresAt: number } | Unreachable | Unavailable | { ok: false; reason: 'refused'; status: number };

export type TakeDraftResult =
  | { ok: true; ciphertext: Uint8Array }
  /** Opened already, withdrawn, or expired (410); or never stored, or swept since (404). */
  | { ok: false; reason: 'gone' }
  | Unreachable
  | Unavailable;

/** What withdrawing a link found: it had not been opened (204), it had been opened or had expired (410), or the receiver could not be asked. */
export type WithdrawResult = 'withdrawn' | 'opened-or-expired' | 'unknown' | 'unreachable';

interface RequestOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

interface StoreOptions extends RequestOptions {
  /** The page's solutions (the same the applications' sends use): one per PUT when the receiver asks for proof of work. */
  proofs?: ProofSource;
}

async function request(url: string, init: RequestInit, { fetchImpl = fetch, timeoutMs = DRAFT_REQUEST_TIMEOUT_MS }: RequestOptions): Promise<Response | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  try {
    return await fetchImpl(url, { ...init, signal: controller.signal, credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' });
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

function trouble(status: number): Unavailable | null {
  return status === 408 || status === 429 || status >= 500 ? { ok: false, reason: 'unavailable', status } : null;
}

/** Stores the ciphertext under its id for `expiresInSeconds` (the receiver may keep it for the time it allows). */
export async function storeDraft(url: string, ciphertext: Uint8Array, expiresInSeconds: number, options: StoreOptions = {}): Promise<StoreDraftResult> {
  const response = await requestWithProof(
    (proof) =>
      request(
        url,
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream', 'Draft-Expires-In': String(expiresInSeconds), ...proof },
          body: ciphertext as Uint8Array<ArrayBuffer>,
        },
        options,
      ),
    options.proofs,
  );
  if (!response) return { ok: false, reason: 'offline' };
  if (response.status === 201) {
    const answer = (await response.json().catch(() => null)) as { expiresAt?: unknown } | null;
    const expiresAt = typeof answer?.expiresAt === 'string' ? Date.parse(answer.expiresAt) : Number.NaN;
    if (Number.isFinite(expiresAt)) return { ok: true, expiresAt };
    return { ok: false, reason: 'unavailable', status: response.status };
  }
  return trouble(response.status) ?? { ok: false, reason: 'refused', status: response.status };
}

/** Fetches the ciphertext, which the receiver then forgets: it answers once. */
export async function takeDraft(url: string, options: RequestOptions = {}): Promise<TakeDraftResult> {
  const response = await request(url, { method: 'GET', headers: { Accept: 'application/octet-stream' } }, options);
  if (!response) return { ok: false, reason: 'offline' };
  if (response.ok) {
    try {
      return { ok: true, ciphertext: new Uint8Array(await response.arrayBuffer()) };
    } catch {
      // The connection dropped mid-body: the receiver counts the draft as taken all the same.
      return { ok: false, reason: 'offline' };
    }
  }
  if (response.status === 410 || response.status === 404) return { ok: false, reason: 'gone' };
  return trouble(response.status) ?? { ok: false, reason: 'unavailable', status: response.status };
}

/** Withdraws a link (the creator took the application back): the receiver forgets the draft if it still holds it. */
export async function withdrawDraft(url: string, options: RequestOptions = {}): Promise<WithdrawResult> {
  const response = await request(url, { method: 'DELETE' }, options);
  if (!response) return 'unreachable';
  if (response.status === 204) return 'withdrawn';
  if (response.status === 410) return 'opened-or-expired';
  return 'unknown';
}
