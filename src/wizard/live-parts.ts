/**
 * How much of each kept step is live (its fields' effects mounted, though the step may be
 * hidden): for a step, the number of its parts, from the top, that are. A part is one top-level
 * field of a form section, or one block of any other kind (blocks/live-parts-of-block.ts).
 * Steps absent count as none.
 */
export type LiveParts = ReadonlyMap<number, number>;

/**
 * The next slice of hidden work, or null when every kept step is wholly live: one more part of
 * one step. A part's effects (react-hook-form registering a field, configured HTML set;
 * when the selects were Headless UI's, each wired with state it set at once and drawn again)
 * commit in one task that cannot yield: a whole step at once was a task of 30-50 ms unthrottled under a trace, 100 ms or more
 * at 4x CPU, which Lighthouse counts as blocking time; a part at a time keeps each
 * task short. The current step comes first (a shown one is whole already, see withStepLive; the
 * wizard built behind Welcome shows none), then the one Continue shows next, then the others in
 * page order.
 *
 * `partCounts[i]` is how many parts step i has; `kept` the steps drawn (stepsKeptRendered).
 */
export function nextLiveParts(live: LiveParts, kept: readonly number[], current: number, partCounts: readonly number[]): LiveParts | null {
  const order = [...kept].sort((a, b) => rank(a, current) - rank(b, current));
  for (const step of order) {
    const count = partCounts[step] ?? 0;
    const done = live.get(step) ?? 0;
    if (done < count) return new Map(live).set(step, done + 1);
  }
  return null;
}

/** Marks every part of `step` live: a step once shown keeps its effects when it is left. */
export function withStepLive(live: LiveParts, step: number, partCount: number): LiveParts {
  return (live.get(step) ?? 0) >= partCount ? live : new Map(live).set(step, partCount);
}

/**
 * `live` without the steps no longer kept: a step dropped from the page (Back from the step
 * before it) unmounted with it, so when it is kept again it starts hidden, not counted live,
 * which would mount all its fields at once in the press that brings it back.
 */
export function onlyKept(live: LiveParts, kept: readonly number[]): LiveParts {
  const dropped = [...live.keys()].filter((step) => !kept.includes(step));
  if (dropped.length === 0) return live;
  const pruned = new Map(live);
  for (const step of dropped) pruned.delete(step);
  return pruned;
}

/**
 * How many parts of each block are live when `live` parts of their step are, from the top:
 * `partsOfBlocks[b]` is how many parts block b has.
 */
export function livePartsOfBlocks(live: number, partsOfBlocks: readonly number[]): number[] {
  let left = live;
  return partsOfBlocks.map((parts) => {
    const liveHere = Math.max(0, Math.min(parts, left));
    left -= liveHere;
    return liveHere;
  });
}

/** The current step first, the one after it next, then the others in page order. */
function rank(step: number, current: number): number {
  if (step === current) return -2;
  return step === current + 1 ? -1 : step;
}
