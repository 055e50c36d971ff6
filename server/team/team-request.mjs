// What the team's endpoints share about a request: its small JSON body, and the refusals every one
// of them words the same way (contract: 400 {"error":"invalid-…"}, 405 with Allow).
import { parseJson } from '../http/parse-json.mjs';
import { Refused, readBody, refusal } from '../http/respond.mjs';

/** Enough for an address and a role, or a token: anything longer is not a team request. */
const MAX_BODY_BYTES = 1024;

/**
 * The request's JSON object (413 over 1 kB, 400 {"error":"invalid-json"} when it is not one).
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @returns {Promise<Record<string, unknown>>}
 */
export async function readJsonObject(ctx) {
  const body = await readBody(ctx, MAX_BODY_BYTES, 'too-large');
  try {
    const value = parseJson(body.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return /** @type {Record<string, unknown>} */ (value);
  } catch (error) {
    if (error instanceof Refused) throw error;
  }
  throw refusal(400, 'body not a JSON object', 'invalid-json');
}

/**
 * 405 for a method the path does not take.
 * @param {string} allow
 */
export function methodRefused(allow) {
  return refusal(405, 'method not allowed', 'method-not-allowed', { Allow: allow });
}
