import { retryAfterMs } from './retry-after';
import { receiptIn, type Receipt } from './status-receipt';

/**
 * One attempt at delivering the application: a PUT of its JSON body. The caller decides what
 * to do with a failure; `retryable` says whether trying again may help, and `retryAfterMs` how
 * long the server asked to be left alone first (its Retry-After, on a 429 or a 503).
 */

export type SendResult =
  /** `receipt`: the reference and status link the receiver gave (status-receipt.ts); absent from a receiver that gives none. */
  | { ok: true; status: number; receipt?: Receipt }
  | { ok: false; retryable: boolean; status: number | null; error: string; retryAfterMs?: number; files?: RefusedFile[] };

/** One file the receiver refused at the PUT: its field's key, its place among that key's files in the body, and the rule. */
export interface RefusedFile {
  key: string;
  index: number;
  rule: string;
}

export interface SendOptions {
  /** Sent as Idempotency-Key so the server can drop a repeat of an attempt it already stored. */
  idempotencyKey?: string;
  /** Sent as Application-Id: the application this body is a revision of. */
  applicationId?: string;
  /** Sent as Application-Revision: which body of that application this is (1, 2, …). */
  revision?: number;
  /** Sent as Content-Language: the language the creator answered in (the body stays the same for every receiver). */
  language?: string | undefined;
  timeoutMs?: number;
  /** More headers: a proof of work's solution (send-with-proof.ts). */
  headers?: Record<string, string>;
  fetchImpl?: typeof fetch;
  /** The origin a receipt's status link must be on: the page's (or the service worker's, the same). */
  pageOrigin?: string;
}

export const DEFAULT_SEND_TIMEOUT_MS = 15_000;

/** The receiver's code for a body numbered no higher than one it stored (server/applications/receiver.mjs), kept as the record's error. */
export const NEWER_REVISION_STORED = 'newer-revision-stored';

/** The receiver's code for an application it erased (410 Gone, server/applications/receiver.mjs), kept as the record's error. */
export const APPLICATION_ERASED = 'application-erased';

/**
 * Whether an HTTP status is worth another attempt: server trouble, a timeout or rate limiting,
 * and a 404 or 405, which say nothing about the application but that nothing answers PUTs at
 * `requestUrl` right now: a deployment being fixed (a receiver restarting on another path, a
 * proxy rule not yet in place). The application stays queued and goes when the path answers.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 404 || status === 405 || status === 408 || status === 429 || status >= 500;
}

/** The receiver's rules for a file of an application (server/applications/named-files-checks.mjs; docs/application-body.md "Files"). */
const FILE_RULES = new Set(['file-type', 'file-too-large', 'file-dimensions', 'file-incomplete', 'file-not-own']);

/** A 422's first issue about a file, as a record's error: `file-refused <key> <rule>`; null when none is. */
export function fileRefusalIn(issues: unknown): string | null {
  const [first] = refusedFilesIn(issues);
  return first ? `file-refused ${first.key} ${first.rule}` : null;
}

/** Every issue of a 422 about one file (`files.<key>[i]` with a file rule), in order. */
export function refusedFilesIn(issues: unknown): RefusedFile[] {
  if (!Array.isArray(issues)) return [];
  const refused: RefusedFile[] = [];
  for (const issue of issues as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, rule } = issue as { path?: unknown; rule?: unknown };
    if (typeof path !== 'string' || typeof rule !== 'string' || !FILE_RULES.has(rule)) continue;
    const [, key, index] = /^files\.([A-Za-z0-9_-]{1,100})\[(\d{1,4})\]$/.exec(path) ?? [];
    if (key && index) refused.push({ key, index: Number(index), rule });
  }
  return refused;
}

/** This scope's origin; none in a test without one. */
function pageOriginHere(): string {
  return (globalThis as { location?: { origin: string } }).location?.origin ?? '';
}

export async function sendApplication(url: string, body: unknown, options: SendOptions = {}): Promise<SendResult> {
  const {
    idempotencyKey,
    applicationId,
    revision,
    language,
    timeoutMs = DEFAULT_SEND_TIMEOUT_MS,
    headers: more,
    fetchImpl = fetch,
    pageOrigin = pageOriginHere(),
  } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', ...more };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (applicationId) headers['Application-Id'] = applicationId;
    if (revision !== undefined) headers['Application-Revision'] = String(revision);
    if (language) headers['Content-Language'] = language;
    const response = await fetchImpl(url, { method: 'PUT', headers, body: JSON.stringify(body), signal: controller.signal });
    if (response.ok) {
      // Accepted whatever the body says: an unreadable one only means no receipt.
      const receipt = receiptIn(await response.json().catch(() => null), pageOrigin);
      return receipt ? { ok: true, status: response.status, receipt } : { ok: true, status: response.status };
    }
    if (response.status === 409) {
      // Another device sent this application first, numbered as high or higher (handover/handover-revision.ts):
      // these answers are stale there, and sending them again cannot help. Any other conflict (a
      // key still being stored) passes in a moment.
      const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
      if (answer?.code === NEWER_REVISION_STORED) return { ok: false, retryable: false, status: 409, error: NEWER_REVISION_STORED };
      return {
        ok: false,
        retryable: true,
        status: 409,
        error: 'HTTP 409',
        retryAfterMs: retryAfterMs(response.headers.get('Retry-After'), Date.now()) || 1000,
      };
    }
    if (response.status === 422) {
      // A file the receiver judged by its bytes (a program named .jpg, a file over the field's size):
      // kept as the record's error, so the page names the field and the creator replaces that file.
      // One it did not find whole, or not as named (file-incomplete, file-not-own), the page uploads
      // again by itself (attempt-once.ts), every refused file listed for it.
      const files = refusedFilesIn(await response.json().catch(() => null));
      const [first] = files;
      if (first) return { ok: false, retryable: false, status: 422, error: `file-refused ${first.key} ${first.rule}`, files };
    }
    // Erased on the receiver (any 410: it is final by definition): never worth another attempt.
    if (response.status === 410) return { ok: false, retryable: false, status: 410, error: APPLICATION_ERASED };
    const retryable = isRetryableStatus(response.status);
    const wait = retryable ? retryAfterMs(response.headers.get('Retry-After'), Date.now()) : 0;
    return { ok: false, retryable, status: response.status, error: `HTTP ${String(response.status)}`, ...(wait > 0 && { retryAfterMs: wait }) };
  } catch (error) {
    const timedOut = controller.signal.aborted;
    return {
      ok: false,
      retryable: true,
      status: null,
      error: timedOut ? `timed out after ${String(timeoutMs)} ms` : error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
