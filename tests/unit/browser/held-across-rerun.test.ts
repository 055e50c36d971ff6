import { describe, expect, it, vi } from 'vitest';
import { heldAcrossRerun } from '../../../src/browser/held-across-rerun';

describe('heldAcrossRerun', () => {
  it('keeps the resource when it is acquired again in the same task (an effect cleaned up and run again)', async () => {
    const dispose = vi.fn();
    let made = 0;
    const held = heldAcrossRerun(() => (made += 1), dispose);
    expect(held.acquire()).toBe(1);
    held.release();
    expect(held.acquire()).toBe(1);
    await Promise.resolve();
    expect(dispose).not.toHaveBeenCalled();
    expect(made).toBe(1);
  });

  it('releases it once the task ends without a new acquire, and makes a new one for the next', async () => {
    const dispose = vi.fn();
    let made = 0;
    const held = heldAcrossRerun(() => (made += 1), dispose);
    held.acquire();
    held.release();
    await Promise.resolve();
    expect(dispose).toHaveBeenCalledExactlyOnceWith(1);
    expect(held.acquire()).toBe(2);
  });
});
