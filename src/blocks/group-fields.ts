/**
 * At most this many configured fields share a form owner. Chromium's autofill re-reads every
 * control of the typed box's form owner after each keystroke (a task forcing style and layout
 * about four times per control), so one owner for a step of 200 fields made each keystroke cost
 * grow with the form. Twelve keeps a default address section (name to country) in one owner,
 * so the browser still fills it as a whole.
 */
export const FIELDS_PER_FORM_OWNER = 12;

/** Splits a section's fields into runs of at most `size`, in order. */
export function groupFields<T>(fields: readonly T[], size: number = FIELDS_PER_FORM_OWNER): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < fields.length; start += size) groups.push(fields.slice(start, start + size));
  return groups;
}
