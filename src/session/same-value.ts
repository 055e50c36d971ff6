/**
 * Whether two plain values (answers as a draft stores them) are the same by structure: key order
 * does not count, and a key set to undefined counts as absent, as it is in a stored draft. Their
 * JSON texts would differ on key order alone, and call a reordered answer a change.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const left = definedEntries(a);
  const right = new Map(definedEntries(b));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameValue(value, right.get(key)));
}

function definedEntries(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, entry]) => entry !== undefined);
}
