import { PROOF_HEADER, PROOF_REQUIRED_STATUS } from '../proof-of-work/proof-of-work-http';
import type { Proofs } from '../proof-of-work/proofs';
import type { SendResult } from './send-application';

async function proofHeaders(proofs: Pick<Proofs, 'next'>): Promise<Record<string, string>> {
  const solution = await proofs.next().catch(() => null);
  return solution ? { [PROOF_HEADER]: solution } : {};
}

/**
 * One attempt with a proof of work in its headers when the receiver asks for one. A 428 means the
 * proof, never the answers, was wrong (expired meanwhile, already used, proof of work switched on
 * since): the request goes again at once with a fresh solution, and a second 428 counts as a failure
 * worth retrying, so the creator sees the usual line rather than a refusal.
 */
export async function sendWithProof(
  send: (headers: Record<string, string>) => Promise<SendResult>,
  proofs: Pick<Proofs, 'next' | 'refused'>,
): Promise<SendResult> {
  const first = await send(await proofHeaders(proofs));
  if (first.ok || first.status !== PROOF_REQUIRED_STATUS) return first;
  proofs.refused();
  const second = await send(await proofHeaders(proofs));
  return second.ok || second.status !== PROOF_REQUIRED_STATUS ? second : { ...second, retryable: true };
}
