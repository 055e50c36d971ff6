// What the public server allows one client, and all of them, from the environment (docs/receiver.md,
// "Limits"): PUTs per client address a minute and an hour, open connections per address and in all,
// the time a request's headers and whole body may take, how long an idle kept-alive connection
// stays open, and the free space DATA_DIR keeps. The defaults are far above what a creator's device
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
 *   diskFloorBytes: number,
 * }} LimitSettings 0 turns a limit off (rateWindows: none listed); diskFloorBytes applies to DATA_DIR
 */

/** @type {Readonly<LimitSettings>} */
export const DEFAULT_LIMITS = Object.freeze({
  rateWindows: [{ points: 60, durationSeconds: 60 }, { points: 600, durationSeconds: 3600 }],
  maxConnections: 1024,
  maxConnectionsPerAddress: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  diskFloorBytes: 256 * 1024 * 1024,
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
  ['DISK_FLOOR_MB', 'diskFloorBytes', 1024 * 1024, 0, 10_000_000],
]);

/**
 * @param {Record<string, string | undefined>} env
 * @returns {LimitSettings}
 */
export function limitSettings(env) {
  const [minute, hour] = DEFAULT_LIMITS.rateWindows;
  /** @type {Record<string, number>} */
  const values = {
    perMinute: minute?.points ?? 0,
    perHour: hour?.points ?? 0,
    maxConnections: DEFAULT_LIMITS.maxConnections,
    maxConnectionsPerAddress: DEFAULT_LIMITS.maxConnectionsPerAddress,
    headersTimeoutMs: DEFAULT_LIMITS.headersTimeoutMs,
    requestTimeoutMs: DEFAULT_LIMITS.requestTimeoutMs,
    keepAliveTimeoutMs: DEFAULT_LIMITS.keepAliveTimeoutMs,
    diskFloorBytes: DEFAULT_LIMITS.diskFloorBytes,
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
    diskFloorBytes: values.diskFloorBytes ?? 0,
  };
  // Node refuses a request time shorter than the headers' time: the request's includes them.
  if (settings.requestTimeoutMs < settings.headersTimeoutMs) problems.push(`REQUEST_TIMEOUT_MS (${String(settings.requestTimeoutMs)}) must be at least HEADERS_TIMEOUT_MS (${String(settings.headersTimeoutMs)}): the request's time includes its headers'`);
  if (problems.length > 0) throw new Error(`The limits are not readable:\n- ${problems.join('\n- ')}`);
  return settings;
}
