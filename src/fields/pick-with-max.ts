/**
 * The values a multi-select holds after a pick: `next` as proposed, or `current` itself (same
 * array) when the pick would add a value beyond `max`. Removals are always allowed, even from a
 * list that already holds more than `max` (say, a draft saved under an older limit).
 */
export function pickWithMax(current: readonly string[], next: readonly string[], max: number | undefined): readonly string[] {
  if (max === undefined) return next;
  const adds = next.length > current.length;
  return adds && next.length > max ? current : next;
}
