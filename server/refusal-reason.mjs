// Why a request was refused, noted by whoever refused it (the receiver, the static server) for the
// request's log line (server-log.mjs): a short phrase a deployer can search for, never a value the
// client sent.

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
