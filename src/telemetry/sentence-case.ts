/**
 * Analytics property names go out in sentence case ("allStepsCount" → "All steps count"),
 * the way the analytics dashboards have always shown them.
 */
export function toSentenceCase(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The same properties with every name in sentence case. */
export function sentenceCaseProperties<T>(properties: Readonly<Record<string, T>>): Record<string, T> {
  const renamed: Record<string, T> = {};
  for (const [name, value] of Object.entries(properties)) renamed[toSentenceCase(name)] = value;
  return renamed;
}
