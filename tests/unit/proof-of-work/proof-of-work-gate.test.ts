import { afterEach, describe, expect, it, vi } from 'vitest';
import { proofOfWorkGate } from '../../../src/proof-of-work/proof-of-work-gate';

const pageProofs = vi.hoisted(() => vi.fn(() => Promise.resolve(null)));
vi.mock('../../../src/proof-of-work/page-proofs', () => ({ pageProofs }));

afterEach(() => {
  vi.unstubAllGlobals();
  pageProofs.mockClear();
});

function answering(response: () => Response) {
  const fetchMock = vi.fn(() => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

describe('proofOfWorkGate', () => {
  it('learns that proof of work is off from the receiver saying so, and loads no solver', async () => {
    const fetchMock = answering(() => json({ required: false }));
    const gate = proofOfWorkGate('/api/applications', 'https://apply.example.com/');
    expect(await gate.next()).toBeNull();
    expect(await gate.next()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('https://apply.example.com/api/challenge', expect.objectContaining({ cache: 'no-store' }));
    expect(pageProofs).not.toHaveBeenCalled();
  });

  it("still takes an older receiver's 404, or the app's HTML, as off", async () => {
    answering(() => json({ error: 'This receiver asks for no proof of work.' }, 404));
    expect(await proofOfWorkGate('/api/applications', 'https://apply.example.com/').next()).toBeNull();
    answering(() => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }));
    expect(await proofOfWorkGate('/api/applications', 'https://apply.example.com/').next()).toBeNull();
    expect(pageProofs).not.toHaveBeenCalled();
  });

  it('loads the solver when the answer holds a challenge', async () => {
    answering(() => json({ algorithm: 'SHA-256', challenge: 'ab', maxnumber: 10, salt: 's', signature: 'x' }));
    await proofOfWorkGate('/api/applications', 'https://apply.example.com/').next();
    expect(pageProofs).toHaveBeenCalledTimes(1);
  });

  it('asks nothing without a requestUrl', async () => {
    const fetchMock = answering(() => json({ required: false }));
    expect(await proofOfWorkGate(null, 'https://apply.example.com/').next()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
