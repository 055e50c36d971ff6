import { PROOF_HEADER, PROOF_REQUIRED_STATUS } from '../proof-of-work/proof-of-work-http';
import type { Proofs } from '../proof-of-work/proofs';

/** The page's solutions, as a request that needs one takes them. */
export type ProofSource = Pick<Proofs, 'next' | 'refused'>;

/**
 * A request other than an application's (a handed-over draft's PUT) with a proof of work in its
 * headers when the receiver asks for one, as sendWithProof does for applications: a 428 means the
 * proof was wrong (expired, used, proof of work switched on since), so it goes once more with a
 * fresh solution; a second 428 is the caller's to report. null: no answer (offline).
 */
export async function requestWithProof(
  send: (headers: Record<string, string>) => Promise<Response | null>,
  proofs: ProofSource | undefined,
): Promise<Response | null> {
  const headers = async (): Promise<Record<string, string>> => {
    const solution = proofs ? await proofs.next().catch(() => null) : null;
    return solution ? { [PROOF_HEADER]: solution } : {};
  };
  const first = await send(await headers());
  if (!proofs || first?.status !== PROOF_REQUIRED_STATUS) return first;
  proofs.refused();
  return send(await headers());
}
