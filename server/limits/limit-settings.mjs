// What the public server allows one client, and all of them, from the environment (docs/receiver.md,
// "Limits"): PUTs per client address a minute and an hour, open connections per address and in all,
// the time a request's headers and whole body may take, how long an idle kept-alive connection
// stays open and how long one with an answer waiting may make no progress, the free space DATA_DIR
// keeps, and drafts in transit's own share and quota. The defaults are far above what a creator's device
// sends (a PUT per send and per revision, retried after 2, 4, 8 … s) and far below what fills a disk.
// A value that is not a whole number in range refuses to start, every problem listed at once.

/**
 * @typedef {{ points: number, durationSeconds: number }} RateWindow at most `points` PUTs per `durationSeconds`
 * @typedef {{
 *   rateWindows: RateWindow[],
 *   maxConnections: number,
 *   maxConnectionsPerAddress: number,
 *   headersTimeoutMs: number,
 *   requestTimeoutMs: number,
 *   keepAliveTimeoutMs: number,
 *   stallTimeoutMs: number,
 *   diskFloorBytes: number,
 *   draftRateWindows: RateWindow[],
 *   draftsMaxBytes: number,
 *   uploadRateWindows?: RateWindow[],
 *   uploadBytesPerHour?: number,
 *   uploadsMaxBytes?: number,
 * }} LimitSettings 0 turns a limit off (rateWindows: none listed); diskFloorBytes applies to DATA_DIR;
 *   stallTimeoutMs: how long a connection with an answer waiting may make no progress (stalled-connections.mjs);
 *   draftRateWindows, draftsMaxBytes: drafts in transit's own share per client and quota of all of
 *   them together (drafts-budget.mjs); uploadRateWindows, uploadBytesPerHour: file uploads' requests
 *   per client and the bytes one client may start uploading an hour, uploadsMaxBytes: the uploads no
 *   application holds yet, all together (uploads-budget.mjs; absent: the defaults)
 */

/** @type {Readonly<LimitSettings>} */
export const DEFAULT_LIMITS = Object.freeze({
  rateWindows: [
    { points: 60, durationSeconds: 60 },
    { points: 600, durationSeconds: 3600 },
  ],
  maxConnections: 1024,
  maxConnectionsPerAddress: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  stallTimeoutMs: 20_000,
  diskFloorBytes: 256 * 1024 * 1024,
  draftRateWindows: [
    { points: 10, durationSeconds: 60 },
    { points: 30, durationSeconds: 3600 },
  ],
  draftsMaxBytes: 64 * 1024 * 1024,
  // A PATCH per 4 MiB chunk: 2 GB in 512 of them; a few hundred a minute is a fast connection.
  uploadRateWindows: [
    { points: 240, durationSeconds: 60 },
    { points: 4000, durationSeconds: 3600 },
  ],
  uploadBytesPerHour: 4096 * 1024 * 1024,
  // Uploads in transit (incomplete, or complete and not yet sent with an application), by their declared lengths.
  uploadsMaxBytes: 10_240 * 1024 * 1024,
});

/** Each variable: its setting, unit (the variable holds value / unit of it), and range. */
const VARIABLES = /** @type {const} */ ([
  ['RATE_LIMIT_PER_MINUTE', 'perMinute', 1, 0, 1_000_000],
  ['RATE_LIMIT_PER_HOUR', 'perHour', 1, 0, 10_000_000],
  ['MAX_CONNECTIONS', 'maxConnections', 1, 0, 1_000_000],
  ['MAX_CONNECTIONS_PER_ADDRESS', 'maxConnectionsPerAddress', 1, 0, 1_000_000],
  ['HEADERS_TIMEOUT_MS', 'headersTimeoutMs', 1, 100, 600_000],
  ['REQUEST_TIMEOUT_MS', 'requestTimeoutMs', 1, 100, 600_000],
  ['KEEP_ALIVE_TIMEOUT_MS', 'keepAliveTimeoutMs', 1, 100, 600_000],
  // Never off, never over 30 s: a connection nobody takes answers from is held no longer.
  ['STALL_TIMEOUT_MS', 'stallTimeoutMs', 1, 100, 30_000],
  ['DISK_FLOOR_MB', 'diskFloorBytes', 1024 * 1024, 0, 10_000_000],
  ['DRAFT_RATE_LIMIT_PER_MINUTE', 'draftsPerMinute', 1, 0, 1_000_000],
  ['DRAFT_RATE_LIMIT_PER_HOUR', 'draftsPerHour', 1, 0, 10_000_000],
  ['DRAFTS_MAX_MB', 'draftsMaxBytes', 1024 * 1024, 0, 10_000_000],
  ['UPLOAD_RATE_LIMIT_PER_MINUTE', 'uploadsPerMinute', 1, 0, 1_000_000],
  ['UPLOAD_RATE_LIMIT_PER_HOUR', 'uploadsPerHour', 1, 0, 10_000_000],
  // At most 2 TB: the counters are in KiB and PostgreSQL's are 32-bit integers.
  ['UPLOAD_MB_PER_HOUR', 'uploadBytesPerHour', 1024 * 1024, 0, 2_000_000],
  ['UPLOADS_MAX_MB', 'uploadsMaxBytes', 1024 * 1024, 0, 100_000_000],
]);

/**
 * @param {Record<string, string | undefined>} env
 * @returns {LimitSettings}
 */
export function limitSettings(env) {
  const [minute, hour] = DEFAULT_LIMITS.rateWindows;
  const [draftsMinute, draftsHour] = DEFAULT_LIMITS.draftRateWindows;
  const [uploadsMinute, uploadsHour] = DEFAULT_LIMITS.uploadRateWindows ?? [];
  /** @type {Record<string, number>} */
  const values = {
    perMinute: minute?.points ?? 0,
    perHour: hour?.points ?? 0,
    maxConnections: DEFAULT_LIMITS.maxConnections,
    maxConnectionsPerAddress: DEFAULT_LIMITS.maxConnectionsPerAddress,
    headersTimeoutMs: DEFAULT_LIMITS.headersTimeoutMs,
    requestTimeoutMs: DEFAULT_LIMITS.requestTimeoutMs,
    keepAliveTimeoutMs: DEFAULT_LIMITS.keepAliveTimeoutMs,
    stallTimeoutMs: DEFAULT_LIMITS.stallTimeoutMs,
    diskFloorBytes: DEFAULT_LIMITS.diskFloorBytes,
    draftsPerMinute: draftsMinute?.points ?? 0,
    draftsPerHour: draftsHour?.points ?? 0,
    draftsMaxBytes: DEFAULT_LIMITS.draftsMaxBytes,
    uploadsPerMinute: uploadsMinute?.points ?? 0,
    uploadsPerHour: uploadsHour?.points ?? 0,
    uploadBytesPerHour: DEFAULT_LIMITS.uploadBytesPerHour ?? 0,
    uploadsMaxBytes: DEFAULT_LIMITS.uploadsMaxBytes ?? 0,
  };
  /** @type {string[]} */
  const problems = [];
  for (const [name, setting, unit, min, max] of VARIABLES) {
    const text = env[name]?.trim();
    if (!text) continue;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) problems.push(`${name} must be a whole number from ${String(min)} to ${String(max)}, not "${text}"`);
    else values[setting] = value * unit;
  }
  const settings = {
    rateWindows: [
      { points: values.perMinute ?? 0, durationSeconds: 60 },
      { points: values.perHour ?? 0, durationSeconds: 3600 },
    ].filter((window) => window.points > 0),
    maxConnections: values.maxConnections ?? 0,
    maxConnectionsPerAddress: values.maxConnectionsPerAddress ?? 0,
    headersTimeoutMs: values.headersTimeoutMs ?? 0,
    requestTimeoutMs: values.requestTimeoutMs ?? 0,
    keepAliveTimeoutMs: values.keepAliveTimeoutMs ?? 0,
    stallTimeoutMs: values.stallTimeoutMs ?? DEFAULT_LIMITS.stallTimeoutMs,
    diskFloorBytes: values.diskFloorBytes ?? 0,
    draftRateWindows: [
      { points: values.draftsPerMinute ?? 0, durationSeconds: 60 },
      { points: values.draftsPerHour ?? 0, durationSeconds: 3600 },
    ].filter((window) => window.points > 0),
    draftsMaxBytes: values.draftsMaxBytes ?? 0,
    uploadRateWindows: [
      { points: values.uploadsPerMinute ?? 0, durationSeconds: 60 },
      { points: values.uploadsPerHour ?? 0, durationSeconds: 3600 },
    ].filter((window) => window.points > 0),
    uploadBytesPerHour: values.uploadBytesPerHour ?? 0,
    uploadsMaxBytes: values.uploadsMaxBytes ?? 0,
  };
  // Node refuses a request time shorter than the headers' time: the request's includes them.
  if (settings.requestTimeoutMs < settings.headersTimeoutMs)
    problems.push(
      `REQUEST_TIMEOUT_MS (${String(settings.requestTimeoutMs)}) must be at least HEADERS_TIMEOUT_MS (${String(settings.headersTimeoutMs)}): the request's time includes its headers'`,
    );
  if (problems.length > 0) throw new Error(`The limits are not readable:\n- ${problems.join('\n- ')}`);
  return settings;
}
