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
});
