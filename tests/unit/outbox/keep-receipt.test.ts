import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { keepReceiptOf } from '../../../src/outbox/keep-receipt';
import { readReceipt } from '../../../src/storage/status-keeping';

const RECEIPT = { reference: 'K7QM-4XTR', statusUrl: `http://localhost:3000/status/#${'s'.repeat(43)}` };

describe('keepReceiptOf: the receipt of an accepted PUT kept on the device', () => {
  it('keeps a receipt, and hands the result on as it came', async () => {
    const result = { ok: true as const, status: 201, receipt: RECEIPT };
    expect(await keepReceiptOf(result, 1234)).toBe(result);
    expect(await readReceipt()).toEqual({ ...RECEIPT, keptAt: 1234 });
  });

  it('changes nothing on a failure', async () => {
    await keepReceiptOf({ ok: true, status: 201, receipt: RECEIPT }, 1);
    await keepReceiptOf({ ok: false, retryable: true, status: 503, error: 'HTTP 503' }, 2);
    expect((await readReceipt())?.keptAt).toBe(1);
  });

  it('forgets the last receipt when a receiver gives none, so no other application’s reference shows', async () => {
    await keepReceiptOf({ ok: true, status: 201, receipt: RECEIPT }, 1);
    await keepReceiptOf({ ok: true, status: 201 }, 2);
    expect(await readReceipt()).toBeNull();
  });
});
