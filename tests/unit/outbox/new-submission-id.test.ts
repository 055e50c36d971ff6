import { afterEach, describe, expect, it, vi } from 'vitest';
import { newSubmissionId } from '../../../src/outbox/new-submission-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A crypto without randomUUID, as in older Safari outside secure contexts. */
function cryptoWithoutRandomUUID(fill?: number) {
  const real = globalThis.crypto;
  return {
    getRandomValues: (array: Uint8Array<ArrayBuffer>) => (fill === undefined ? real.getRandomValues(array) : array.fill(fill)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newSubmissionId', () => {
  it('returns RFC 4122 version-4 UUIDs, a different one each call', () => {
    const ids = Array.from({ length: 50 }, () => newSubmissionId());

    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('returns version-4 UUIDs, a different one each call, where crypto.randomUUID is missing', () => {
    vi.stubGlobal('crypto', cryptoWithoutRandomUUID());
    const ids = Array.from({ length: 50 }, () => newSubmissionId());

    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    vi.stubGlobal('crypto', cryptoWithoutRandomUUID(0xff));
    expect(newSubmissionId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');

    vi.stubGlobal('crypto', cryptoWithoutRandomUUID(0x00));
    expect(newSubmissionId()).toBe('00000000-0000-4000-8000-000000000000');
  });
});
