import { describe, expect, it, vi } from 'vitest';
import { createPendingInputs } from '../../../src/form/pending-inputs';

describe('pending inputs', () => {
  it('lets Continue hand every registered field over, and not one that went away', () => {
    const pending = createPendingInputs();
    const kept = vi.fn();
    const gone = vi.fn();
    pending.add(kept);
    pending.add(gone)();
    pending.flushAll();
    expect(kept).toHaveBeenCalledOnce();
    expect(gone).not.toHaveBeenCalled();
  });

  it('tells what every registered field shows without handing it over, and forgets a field that goes away', () => {
    const pending = createPendingInputs();
    const flush = vi.fn();
    pending.add(flush, () => 'Ada (still held)');
    const remove = pending.add(vi.fn(), () => 'Lovelace');
    pending.add(vi.fn(), () => undefined);
    expect(pending.shownTexts()).toEqual(['Ada (still held)', 'Lovelace']);
    expect(flush).not.toHaveBeenCalled();
    remove();
    expect(pending.shownTexts()).toEqual(['Ada (still held)']);
  });

  it('settles at once when nothing is held', async () => {
    const pending = createPendingInputs();
    expect(pending.holding()).toBe(false);
    await expect(pending.settled()).resolves.toBeUndefined();
  });

  it('settles only once every held work ended, failed ones too, and work held while waiting', async () => {
    const pending = createPendingInputs();
    let endFirst = (): void => undefined;
    let failSecond = (): void => undefined;
    let endLate = (): void => undefined;
    pending.hold(new Promise<void>((resolve) => (endFirst = resolve)));
    pending.hold(
      new Promise<void>(
        (_resolve, reject) =>
          (failSecond = () => {
            reject(new Error('not read'));
          }),
      ),
    );
    let settled = false;
    void pending.settled().then(() => (settled = true));

    endFirst();
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    // A second batch chosen while the press waits for the first is waited for too.
    pending.hold(new Promise<void>((resolve) => (endLate = resolve)));
    failSecond();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    expect(pending.holding()).toBe(true);

    endLate();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(true);
    expect(pending.holding()).toBe(false);
  });
});
