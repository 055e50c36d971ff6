// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RECEIPT_SLACK_MS, shownReceipt } from '../../../src/app/shown-receipt';

const RECEIPT = { reference: 'K7QM-4XTR', statusUrl: 'https://apply.example.com/status/#x', keptAt: 1_000_000 };

describe('shownReceipt: which receipt the last step shows', () => {
  it('the one kept just before the application was marked accepted', () => {
    expect(shownReceipt(RECEIPT, RECEIPT.keptAt + 40)).toBe(RECEIPT);
    expect(shownReceipt(RECEIPT, RECEIPT.keptAt + RECEIPT_SLACK_MS)).toBe(RECEIPT);
  });

  it('never an earlier application’s (a later one sent to no receiver keeps none)', () => {
    expect(shownReceipt(RECEIPT, RECEIPT.keptAt + RECEIPT_SLACK_MS + 1)).toBeNull();
    expect(shownReceipt(RECEIPT, RECEIPT.keptAt - 1)).toBeNull();
  });

  it('none without a receipt or an acceptance', () => {
    expect(shownReceipt(null, 5)).toBeNull();
    expect(shownReceipt(RECEIPT, null)).toBeNull();
  });
});
