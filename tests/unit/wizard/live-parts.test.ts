import { describe, expect, it } from 'vitest';
import { livePartsOfBlocks, nextLiveParts, onlyKept, withStepLive, type LiveParts } from '../../../src/wizard/live-parts';

/** Every slice until all is live, as "step:blocks" after each. */
function ramp(kept: number[], current: number, blockCounts: number[], from: LiveParts = new Map()): string[] {
  const slices: string[] = [];
  let live: LiveParts | null = from;
  for (;;) {
    live = nextLiveParts(live, kept, current, blockCounts);
    if (!live) return slices;
    slices.push([...live].map(([step, blocks]) => `${String(step)}:${String(blocks)}`).join(' '));
  }
}

describe('nextLiveParts', () => {
  it('brings a hidden step live one part at a time', () => {
    expect(ramp([0, 1], 0, [2, 3, 2], new Map([[0, 2]]))).toEqual(['0:2 1:1', '0:2 1:2', '0:2 1:3']);
  });

  it('starts with the current step (not yet shown: the wizard built behind Welcome), then the next, then the others in page order', () => {
    expect(ramp([0, 1, 2], 1, [1, 2, 1])).toEqual(['1:1', '1:2', '1:2 2:1', '1:2 2:1 0:1']);
    expect(ramp([0, 1, 2, 3], 2, [1, 2, 1, 2], new Map([[2, 1]]))).toEqual(['2:1 3:1', '2:1 3:2', '2:1 3:2 0:1', '2:1 3:2 0:1 1:1', '2:1 3:2 0:1 1:2']);
  });

  it('has nothing to do for a current step shown whole', () => {
    expect(ramp([1], 1, [1, 4], withStepLive(new Map(), 1, 4))).toEqual([]);
  });

  it('has nothing to do for a step without blocks or once everything is live', () => {
    expect(nextLiveParts(new Map([[0, 1]]), [0, 1], 0, [1, 0])).toBeNull();
    expect(
      nextLiveParts(
        new Map([
          [0, 1],
          [1, 3],
        ]),
        [0, 1],
        0,
        [1, 3],
      ),
    ).toBeNull();
  });

  it('goes on from where a step was left, without changing the map it was given', () => {
    const live = new Map([
      [0, 1],
      [1, 1],
    ]);
    expect(ramp([0, 1], 0, [1, 3], live)).toEqual(['0:1 1:2', '0:1 1:3']);
    expect([...live]).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });
});

describe('withStepLive', () => {
  it('marks a shown step wholly live, and keeps the same map when it already was', () => {
    const live = new Map([[1, 1]]);
    expect([...withStepLive(live, 1, 3)]).toEqual([[1, 3]]);
    const whole = new Map([[1, 3]]);
    expect(withStepLive(whole, 1, 3)).toBe(whole);
  });
});

describe('livePartsOfBlocks', () => {
  it('fills the blocks from the top', () => {
    expect(livePartsOfBlocks(0, [3, 1, 2])).toEqual([0, 0, 0]);
    expect(livePartsOfBlocks(2, [3, 1, 2])).toEqual([2, 0, 0]);
    expect(livePartsOfBlocks(4, [3, 1, 2])).toEqual([3, 1, 0]);
    expect(livePartsOfBlocks(6, [3, 1, 2])).toEqual([3, 1, 2]);
    expect(livePartsOfBlocks(99, [3, 1, 2])).toEqual([3, 1, 2]);
  });
});

describe('onlyKept', () => {
  it('forgets the steps no longer kept, so one kept again starts hidden', () => {
    const live = new Map([
      [0, 2],
      [1, 5],
      [2, 4],
    ]);
    expect([...onlyKept(live, [0, 1])]).toEqual([
      [0, 2],
      [1, 5],
    ]);
    expect(nextLiveParts(onlyKept(live, [0, 1]), [0, 1, 2], 1, [2, 5, 4])).toEqual(
      new Map([
        [0, 2],
        [1, 5],
        [2, 1],
      ]),
    );
  });

  it('keeps the same map when every step in it is kept', () => {
    const live = new Map([[1, 3]]);
    expect(onlyKept(live, [0, 1, 2])).toBe(live);
  });
});
