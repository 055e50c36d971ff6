// @vitest-environment node
/**
 * The receiver collects its garbage once idle after work (server/process/idle-collection.mjs): after a few
 * quiet checks in a row, only when the heap has grown since the last collection, never while the
 * event loop is busy; and the full collection it runs does free the heap's garbage.
 */
import { getHeapStatistics } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectGarbageWhenIdle, fullCollection } from '../../../../server/process/idle-collection.mjs';

const MB = 1024 * 1024;

afterEach(() => {
  vi.useRealTimers();
});

/** A collector watching a fake heap and event loop, checked every second. */
function watched() {
  const state = { heap: 10 * MB, busy: 0, collections: 0 };
  vi.useFakeTimers();
  const idle = collectGarbageWhenIdle({
    collect: () => {
      state.collections += 1;
      state.heap = 8 * MB;
    },
    heapUsedBytes: () => state.heap,
    busyShareSince: () => state.busy,
  });
  return { state, idle, seconds: (count: number) => vi.advanceTimersByTime(count * 1000) };
}

describe('the collection once idle', () => {
  it('runs after three quiet seconds that follow work, once', () => {
    const { state, idle, seconds } = watched();
    state.busy = 0.9;
    state.heap = 30 * MB;
    seconds(10);
    expect(state.collections).toBe(0);
    state.busy = 0.01;
    seconds(2);
    expect(state.collections).toBe(0);
    seconds(1);
    expect(state.collections).toBe(1);
    seconds(60);
    expect(state.collections).toBe(1);
    idle.stop();
  });

  it('does not run while the event loop stays busy, nor when a busy second breaks the quiet', () => {
    const { state, idle, seconds } = watched();
    state.heap = 30 * MB;
    state.busy = 0.2;
    seconds(30);
    state.busy = 0;
    seconds(2);
    state.busy = 0.5;
    seconds(1);
    state.busy = 0;
    seconds(2);
    expect(state.collections).toBe(0);
    seconds(1);
    expect(state.collections).toBe(1);
    idle.stop();
  });

  it('runs again after the next work, not when the heap has barely grown', () => {
    const { state, idle, seconds } = watched();
    state.heap = 30 * MB;
    seconds(3);
    expect(state.collections).toBe(1);
    state.heap += 0.5 * MB;
    seconds(10);
    expect(state.collections).toBe(1);
    state.heap += 4 * MB;
    seconds(3);
    expect(state.collections).toBe(2);
    idle.stop();
  });

  it("frees the heap's garbage", () => {
    const collect = fullCollection();
    collect();
    const settled = getHeapStatistics().used_heap_size;
    // Made and dropped in a function of its own: nothing refers to it once it returns.
    const made = (() => Array.from({ length: 200_000 }, (_, index) => ({ index, text: `garbage ${String(index)}` })).length)();
    expect(made).toBe(200_000);
    const grown = getHeapStatistics().used_heap_size;
    expect(grown - settled).toBeGreaterThan(5 * MB);
    collect();
    expect(getHeapStatistics().used_heap_size - settled).toBeLessThan(2 * MB);
  });
});
