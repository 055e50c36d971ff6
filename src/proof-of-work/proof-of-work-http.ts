// The receiver's side of proof of work, as the page meets it: kept apart from the challenge and its
// solver so that the page's sending code (and its chunk) holds only these few names.

/** The request header that carries a solution, so the application's body stays as it is. */
export const PROOF_HEADER = 'Altcha';

/** The receiver's answer to a PUT without a valid, unused, unexpired solution (RFC 6585: Precondition Required). */
export const PROOF_REQUIRED_STATUS = 428;

/** The challenge endpoint beside the receiver: `/api/challenge` for `/api/applications`. */
export function challengeUrl(requestUrl: string, base: string): string {
  return new URL('challenge', new URL(requestUrl, base)).href;
}
