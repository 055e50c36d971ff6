// Why a request was refused, noted by whoever refused it (the receiver, the static server) for the
// request's log line (server-log.mjs): a short phrase a deployer can search for, never a value the
// client sent. And, for a path that carries a secret, the path that line shows instead.

/** @type {WeakMap<import('node:http').ServerResponse, string>} */
const reasons = new WeakMap();

/**
 * @param {import('node:http').ServerResponse} res
 * @param {string} reason
 */
export function noteRefusal(res, reason) {
  reasons.set(res, reason);
}

/** @param {import('node:http').ServerResponse} res */
export function refusalOf(res) {
  return reasons.get(res);
}

/** @type {WeakMap<import('node:http').ServerResponse, string>} */
const logPaths = new WeakMap();

/**
 * The path a request's log line shows instead of its own, for a path that carries a secret (a
 * draft's id: drafts.mjs).
 * @param {import('node:http').ServerResponse} res
 * @param {string} path
 */
export function noteLogPath(res, path) {
  logPaths.set(res, path);
}

/** @param {import('node:http').ServerResponse} res */
export function logPathOf(res) {
  return logPaths.get(res);
}
