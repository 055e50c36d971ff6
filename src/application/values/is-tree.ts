/** A plain object read back from JSON (stored data, a received body), as opposed to a list or a leaf. */
export type Tree = Record<string, unknown>;

/** Whether a value read from JSON is an object with keys (not null, not a list). */
export function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
