// @vitest-environment node
import { createChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { parseChallenge, solutionHeader, type AltchaChallenge } from '../../../src/proof-of-work/altcha-challenge';
import { solveChallenge } from '../../../src/proof-of-work/solve-challenge';

async function challengeFor(number: number, maxNumber = 2_000): Promise<AltchaChallenge> {
  const challenge = parseChallenge(await createChallenge({ hmacKey: 'test-key', maxNumber, number, expires: new Date(Date.now() + 60_000) }));
  if (!challenge) throw new Error('not a challenge');
  return challenge;
}

describe('solveChallenge', () => {
  it.each([0, 1, 499, 500, 1_234, 2_000])('finds the number %i that altcha-lib hid in the challenge', async (number) => {
    expect(await solveChallenge(await challengeFor(number))).toBe(number);
  });

  it('gives up with null when no number up to maxnumber fits', async () => {
    const challenge = await challengeFor(1_500);
    expect(await solveChallenge({ ...challenge, maxnumber: 1_000 })).toBeNull();
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await solveChallenge(await challengeFor(10), controller.signal)).toBeNull();
  });
});

describe('parseChallenge and solutionHeader', () => {
  it('reads what altcha-lib creates, and writes the payload it verifies', async () => {
    const challenge = await challengeFor(7);
    expect(JSON.parse(atob(solutionHeader(challenge, 7)))).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 7,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });

  it.each([
    null,
    'text',
    {},
    { algorithm: 'MD5', challenge: 'ab', salt: 's', signature: 'x' },
    { algorithm: 'SHA-256', challenge: 'not hex', salt: 's', signature: 'x' },
  ])('is null for what is not a challenge: %j', (json) => {
    expect(parseChallenge(json)).toBeNull();
  });
});
