/**
 * What the creator has typed, as the telemetry scrubbers see it: a source registered by the
 * application session, read only when an event or error is about to leave the device.
 */

type PersonalValuesSource = () => readonly string[];

let source: PersonalValuesSource = () => [];

/** Registers where the typed values live; returns a function that unregisters it. */
export function registerPersonalValues(next: PersonalValuesSource): () => void {
  source = next;
  return () => {
    if (source === next) source = () => [];
  };
}

/**
 * Registers the form as the source: every string of its values, and the text its fields show but
 * have not delivered yet (keystrokes a text box holds for 500 ms), read from the form's own
 * registry of fields rather than from the page.
 */
export function registerFormValues(values: () => unknown, shownTexts: () => readonly string[]): () => void {
  return registerPersonalValues(() => [...stringLeaves(values()), ...shownTexts()]);
}

/** The values typed so far (empty before the form exists and after the application is accepted). */
export function currentPersonalValues(): readonly string[] {
  try {
    return source();
  } catch {
    return [];
  }
}

/** Every non-empty string inside a value (form values are nested objects, arrays and strings). */
export function stringLeaves(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.trim() !== '') into.push(value.trim());
  } else if (Array.isArray(value)) {
    for (const item of value) stringLeaves(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) stringLeaves(item, into);
  }
  return into;
}
