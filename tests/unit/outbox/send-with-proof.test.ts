import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../src/outbox/send-application';
import { sendWithProof } from '../../../src/outbox/send-with-proof';

const ACCEPTED: SendResult = { ok: true, status: 201 };
const PROOF_REQUIRED: SendResult = { ok: false, retryable: false, status: 428, error: 'HTTP 428' };

function proofs(...solutions: Array<string | null>) {
  return { next: vi.fn(() => Promise.resolve(solutions.shift() ?? null)), refused: vi.fn() };
}

describe('sendWithProof', () => {
  it('sends the solution in the Altcha header, and no header when none is asked for', async () => {
    const send = vi.fn<(headers: Record<string, string>) => Promise<SendResult>>(() => Promise.resolve(ACCEPTED));
    expect(await sendWithProof(send, proofs('solution-1'))).toEqual(ACCEPTED);
    expect(await sendWithProof(send, proofs(null))).toEqual(ACCEPTED);
    expect(send.mock.calls.map(([headers]) => headers)).toEqual([{ Altcha: 'solution-1' }, {}]);
  });

  it('after a 428 sends again at once with a fresh solution', async () => {
    const send = vi.fn().mockResolvedValueOnce(PROOF_REQUIRED).mockResolvedValueOnce(ACCEPTED);
    const source = proofs('stale', 'fresh');
    expect(await sendWithProof(send, source)).toEqual(ACCEPTED);
    expect(source.refused).toHaveBeenCalledOnce();
    expect(send).toHaveBeenLastCalledWith({ Altcha: 'fresh' });
  });

  it('counts a second 428 as worth retrying: the proof, not the answers, was wrong', async () => {
    const send = vi.fn(() => Promise.resolve(PROOF_REQUIRED));
    expect(await sendWithProof(send, proofs('a', 'b'))).toEqual({ ...PROOF_REQUIRED, retryable: true });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends without a solution when none could be had (offline)', async () => {
    const send = vi.fn<(headers: Record<string, string>) => Promise<SendResult>>(() => Promise.resolve(ACCEPTED));
    await sendWithProof(send, { next: () => Promise.reject(new TypeError('Failed to fetch')), refused: vi.fn() });
    expect(send).toHaveBeenCalledWith({});
  });
});
