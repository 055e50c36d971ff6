import { backoffSeconds } from '../outbox/retry-policy';

/**
 * 1 MiB: a chunk must reach the receiver whole within its REQUEST_TIMEOUT_MS (20 s by default,
 * server/limits/limit-settings.mjs), which counts from a request's first byte. 1 MiB takes about
 * 6 s at 1.5 Mbit/s and 20 s at 420 kbit/s; 4 MiB took 22 s at 1.5 Mbit/s, so every chunk on such
 * a connection was cut (and resumed: its bytes are kept, but each cut costs a retry's wait). The
 * receiver syncs each chunk to disk before answering: smaller chunks also lose less when cut.
 */
export const CHUNK_SIZE = 1024 * 1024;

/** The outbox's backoff (retry-policy.ts), at once and then 2, 4, … 256 seconds: tus-js-client retries within one turn. */
export const UPLOAD_RETRY_DELAYS: readonly number[] = [0, ...Array.from({ length: 8 }, (_, index) => backoffSeconds(index + 1) * 1000)];
