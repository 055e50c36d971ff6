/** A DOM id for a field path: `personalInfo.firstName` → `field-personalInfo-firstName`. */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
