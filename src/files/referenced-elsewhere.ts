/**
 * Whether another file field of the application names the same bytes (the same photo chosen for
 * two questions shares one kept copy and one upload), so that removing it from one field keeps
 * it for the other. Pure: it reads the form's values as they are.
 */
export function referencedElsewhere(values: unknown, path: string, sha256: string): boolean {
  const single: unknown = (values as { fields?: { single?: unknown } } | null | undefined)?.fields?.single;
  if (typeof single !== 'object' || single === null) return false;
  return Object.entries(single).some(
    ([key, answer]) =>
      `fields.single.${key}` !== path &&
      Array.isArray(answer) &&
      answer.some((item: unknown) => typeof item === 'object' && item !== null && (item as { sha256?: unknown }).sha256 === sha256),
  );
}
