import { describe, expect, it, vi } from 'vitest';
import { createPendingInputs } from '../../../src/form/pending-inputs';

describe('pending inputs', () => {
  it('delivers a field at once when nothing holds the form still', () => {
    const pending = createPendingInputs();
    const flush = vi.fn();
    pending.deliver(flush);
    expect(flush).toHaveBeenCalledOnce();
  });

  it('holds timed deliveries during a press and runs each once when the last hold is released', () => {
    const pending = createPendingInputs();
    const flush = vi.fn();
    const first = pending.holdStill();
    const second = pending.holdStill();
    pending.deliver(flush);
    pending.deliver(flush);
    first();
    first();
    expect(flush).not.toHaveBeenCalled();
    second();
    expect(flush).toHaveBeenCalledOnce();
  });

  it('lets Continue hand everything over even during a press', () => {
    const pending = createPendingInputs();
    const flush = vi.fn();
    pending.add(flush);
    pending.holdStill();
    pending.flushAll();
    expect(flush).toHaveBeenCalledOnce();
  });

  it('tells what every registered field shows without delivering it, and forgets a field that goes away', () => {
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
