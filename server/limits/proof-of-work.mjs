// Optional proof of work against scripts that PUT applications without opening the page
// (PROOF_OF_WORK=on; docs/receiver.md). ALTCHA's hash-based challenge (altcha-lib/v1): the page
// fetches a challenge from GET <challenge path> (beside the receiver: /api/challenge for
// /api/applications), finds the number n with sha256(salt + n) = challenge in a Web Worker, and
// sends the signed solution in the `Altcha` header; a creator never sees it, a script pays the
// same CPU for every application. A solution counts once, until its challenge expires: used ones
// are kept in the store (`used_proofs`), so a restart and every instance on one DATABASE_URL
// agree. The HMAC key is PROOF_OF_WORK_HMAC_KEY, or one generated once and kept in the store, so
// restarts keep issued challenges valid and instances sharing a database share it.
// Off, the challenge path answers 200 `{"required": false}`, which is how the page knows to load
// no solver (a 404 would do, and older receivers answer one, but the browser logs every 404 as an
// error in the console of every page that asks).
import { randomBytes } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { pathnameOf } from '../http/request-context.mjs';
import { answer, answered, crossOrigin, refusal } from '../http/respond.mjs';
import { singleHeader } from '../http/request-headers.mjs';
import { parseJson } from '../http/parse-json.mjs';

/**
 * The default difficulty: the largest number a solver may have to try. The page's solver tries
 * every number up to it in well under a second at 4x CPU slowdown (npm run bench), half that on
 * average; a script pays the same for every application it sends.
 */
export const DEFAULT_MAX_NUMBER = 10_000;
/** How long a challenge (and its solution) stays valid: the page solves a new one before then. */
export const CHALLENGE_TTL_MS = 20 * 60_000;
/** Used solutions past their expiry are deleted at most this often. */
const PRUNE_EVERY_MS = 60_000;

/**
 * @typedef {{ hmacKey: string | null, maxNumber: number, ttlMs: number }} ProofOfWorkSettings
 * @typedef {{ reason: string, body: { error: string, challenge: string } }} ProofRefusal
 */

/**
 * PROOF_OF_WORK (on, or off: the default), PROOF_OF_WORK_HMAC_KEY, PROOF_OF_WORK_MAX_NUMBER.
 * @param {Record<string, string | undefined>} env
 * @returns {ProofOfWorkSettings | null} null when off
 */
export function proofOfWorkSettings(env) {
  const value = (env.PROOF_OF_WORK ?? '').trim().toLowerCase();
  if (value === '' || value === 'off') return null;
  if (value !== 'on') throw new Error(`PROOF_OF_WORK must be "on" or "off", not "${String(env.PROOF_OF_WORK)}".`);
  const hmacKey = env.PROOF_OF_WORK_HMAC_KEY || null;
  if (hmacKey !== null && hmacKey.length < 32) throw new Error('PROOF_OF_WORK_HMAC_KEY must be at least 32 characters (openssl rand -hex 32).');
  const maxNumber = env.PROOF_OF_WORK_MAX_NUMBER ? Number(env.PROOF_OF_WORK_MAX_NUMBER) : DEFAULT_MAX_NUMBER;
  if (!Number.isSafeInteger(maxNumber) || maxNumber < 1000 || maxNumber > 10_000_000)
    throw new Error('PROOF_OF_WORK_MAX_NUMBER must be a whole number from 1000 to 10000000.');
  return { hmacKey, maxNumber, ttlMs: CHALLENGE_TTL_MS };
}

/**
 * The challenge endpoint's path, beside the receiver's.
 * @param {string} receiverPath
 */
export function challengePath(receiverPath) {
  return new URL('challenge', `http://localhost${receiverPath}`).pathname;
}

/**
 * The key generated on the first start with proof of work on, kept in the store.
 * @param {import('../store/store-types.mjs').Store} store
 */
async function storedKey(store) {
  await store.query('INSERT INTO proof_of_work_key (id, hmac_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('hex')]);
  const { rows } = await store.query('SELECT hmac_key FROM proof_of_work_key WHERE id = 1');
  return String(rows[0]?.hmac_key);
}

/** @param {unknown} value @returns {value is import('altcha-lib/v1/types').Payload} */
function isPayload(value) {
  if (typeof value !== 'object' || value === null) return false;
  const { algorithm, challenge, number, salt, signature } = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof algorithm === 'string' && typeof challenge === 'string' && Number.isSafeInteger(number) && typeof salt === 'string' && typeof signature === 'string'
  );
}

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store,
 *   settings: ProofOfWorkSettings | null,
 *   receiverPath: string,
 *   allowedOrigins?: ReadonlySet<string>,
 *   now?: () => number,
 * }} options
 */
export async function createProofOfWork({ store, settings, receiverPath, allowedOrigins = new Set(), now = Date.now }) {
  const path = challengePath(receiverPath);
  const hmacKey = settings ? (settings.hmacKey ?? (await storedKey(store))) : '';
  let prunedAt = 0;

  /**
   * @param {string} reason
   * @returns {ProofRefusal}
   */
  const unproven = (reason) => ({
    reason: `proof of work ${reason}`,
    body: {
      error: `This receiver asks for a proof of work: solve a challenge from GET ${path} and send the solution, once, in the Altcha header (${reason}).`,
      challenge: path,
    },
  });

  return {
    path,
    /**
     * GET <path>: a new challenge (200, never cached), or `{ required: false }` when proof of work is off.
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     * @returns {Promise<boolean>} false for any other path
     */
    async answerChallenge(ctx) {
      if (pathnameOf(ctx) !== path) return false;
      return answered(ctx, async () => {
        ctx.headers = crossOrigin(ctx, allowedOrigins, { methods: 'GET', refusedMessage: 'This origin may not ask for challenges.' }).headers;
        if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') throw refusal(405, 'method not allowed', 'Only GET is answered here.', { Allow: 'GET' });
        if (!settings) {
          answer(ctx, 200, { required: false });
          return;
        }
        answer(ctx, 200, await createChallenge({ hmacKey, maxNumber: settings.maxNumber, expires: new Date(now() + settings.ttlMs) }));
      });
    },
    /**
     * Why a PUT may not be stored for want of a proof of work: null when it carries a valid,
     * unexpired solution not used before (which it uses up), or when proof of work is off.
     * @param {import('node:http').IncomingMessage} req
     * @returns {Promise<ProofRefusal | null>}
     */
    async check(req) {
      if (!settings) return null;
      const header = singleHeader(req, 'altcha');
      if (!header) return unproven('missing');
      let payload;
      try {
        payload = parseJson(Buffer.from(header, 'base64').toString('utf8'));
      } catch {
        return unproven('not an ALTCHA payload');
      }
      if (!isPayload(payload) || !(await verifySolution(payload, hmacKey, false))) return unproven('invalid');
      // The expiry is in the salt, which the signature covers: checked here, against this clock.
      const expiresAt = Number(extractParams(payload).expires) * 1000;
      if (!Number.isFinite(expiresAt) || expiresAt <= now()) return unproven('expired');
      if (now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now();
        await store.query('DELETE FROM used_proofs WHERE expires_at < $1', [new Date(prunedAt)]);
      }
      // The first request to bring a solution uses it up, on whichever instance it arrives.
      const { rows } = await store.query(
        'INSERT INTO used_proofs (challenge, expires_at) VALUES ($1, $2) ON CONFLICT (challenge) DO NOTHING RETURNING challenge',
        [payload.challenge, new Date(expiresAt)],
      );
      return rows.length === 1 ? null : unproven('already used');
    },
  };
}
