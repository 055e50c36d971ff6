import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUnloadCopy, takeUnloadCopy, writeUnloadCopy } from '../../../src/storage/unload-copy';

const KEY = 'creator-wizard:unload-draft';

afterEach(() => {
  localStorage.clear();
});

describe('unload copy', () => {
  it('gives back the record written as the page went away', () => {
    const record = { savedAt: 1_000, values: { personalInfo: { firstName: 'Ada' } } };
    writeUnloadCopy(record);

    expect(takeUnloadCopy()).toEqual(record);
  });

  it('removes the copy when it is taken, so a second load does not see it again', () => {
    writeUnloadCopy({ savedAt: 1_000 });

    takeUnloadCopy();

    expect(localStorage.getItem(KEY)).toBeNull();
    expect(takeUnloadCopy()).toBeUndefined();
  });

  it('returns undefined when there is no copy', () => {
    expect(takeUnloadCopy()).toBeUndefined();
  });

  it('returns undefined for a copy that is not valid JSON, and removes it', () => {
    localStorage.setItem(KEY, '{"savedAt": 1000, "values": ');

    expect(takeUnloadCopy()).toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('clears the copy', () => {
    writeUnloadCopy({ savedAt: 1_000 });

    clearUnloadCopy();

    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('does not throw when localStorage refuses the write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });

    expect(() => {
      writeUnloadCopy({ savedAt: 1_000 });
    }).not.toThrow();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
