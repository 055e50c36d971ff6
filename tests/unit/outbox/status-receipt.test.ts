// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { receiptIn } from '../../../src/outbox/status-receipt';

const ORIGIN = 'https://apply.example.com';
const SECRET = 'a'.repeat(21) + '-_' + 'Z9'.repeat(10);

describe('receiptIn: the receipt in a 201', () => {
  it('takes a reference and a status link on the page’s own origin', () => {
    const body = { id: 'x', receivedAt: '2026-12-02T17:40:00Z', reference: 'K7QM-4XTR', statusUrl: `${ORIGIN}/status/#${SECRET}` };
    expect(receiptIn(body, ORIGIN)).toEqual({ reference: 'K7QM-4XTR', statusUrl: `${ORIGIN}/status/#${SECRET}` });
  });

  it('takes a link under a path, and plain http on a local origin', () => {
    expect(receiptIn({ reference: '2345-6789', statusUrl: `http://127.0.0.1:4173/apply/status/#${SECRET}` }, 'http://127.0.0.1:4173')?.reference).toBe(
      '2345-6789',
    );
  });

  it('is none from a receiver that gives no receipt, or no body at all', () => {
    expect(receiptIn({ id: 'x', receivedAt: '2026-12-02T17:40:00Z' }, ORIGIN)).toBeNull();
    expect(receiptIn(null, ORIGIN)).toBeNull();
    expect(receiptIn('K7QM-4XTR', ORIGIN)).toBeNull();
  });

  it.each([
    ['lower case', 'k7qm-4xtr'],
    ['a letter the alphabet leaves out (O)', 'K7QO-4XTR'],
    ['a 1', 'K7Q1-4XTR'],
    ['a U', 'K7QU-4XTR'],
    ['no dash', 'K7QM4XTR'],
    ['too long', 'K7QM-4XTRA'],
  ])('refuses a reference with %s', (_why, reference) => {
    expect(receiptIn({ reference, statusUrl: `${ORIGIN}/status/#${SECRET}` }, ORIGIN)).toBeNull();
  });

  it.each([
    ['another origin', `https://evil.example/status/#${SECRET}`],
    ['another port', `https://apply.example.com:8443/status/#${SECRET}`],
    ['http for an https page', `http://apply.example.com/status/#${SECRET}`],
    ['a javascript: URL', `javascript:alert(1)//#${SECRET}`],
    ['a path not ending /status/', `${ORIGIN}/status#${SECRET}`],
    ['another page', `${ORIGIN}/#${SECRET}`],
    ['a short secret', `${ORIGIN}/status/#${SECRET.slice(1)}`],
    ['a secret with padding', `${ORIGIN}/status/#${SECRET.slice(1)}=`],
    ['no secret', `${ORIGIN}/status/`],
    ['a query', `${ORIGIN}/status/?x=1#${SECRET}`],
    ['credentials', `https://user:pw@apply.example.com/status/#${SECRET}`],
    ['not a URL', 'status/'],
  ])('refuses a status link on %s', (_why, statusUrl) => {
    expect(receiptIn({ reference: 'K7QM-4XTR', statusUrl }, ORIGIN)).toBeNull();
  });
});
