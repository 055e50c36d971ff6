import type { ApplicationBody } from '../application/body/flatten-application';
import type { ApplicationValues } from '../application/values/application-values';

/**
 * What the application session needs of the form: react-hook-form lives in React (its fields
 * register there), so the page hands the session this view of it once mounted
 * (use-application-session.ts), and a test hands a plain object.
 */
export interface SessionForm {
  /** The answers the form holds (not the keystrokes a text box still holds: see `flush`). */
  values(): ApplicationValues;
  /** Asks every text box to deliver the keystrokes it holds (they reach the form at once). */
  flush(): void;
  /** Shows these answers (another tab's save, a blank application). */
  reset(values: ApplicationValues): void;
  /** Calls `listener` after every change of the answers; returns the way to stop. */
  watch(listener: () => void): () => void;
  /** Marks the step's fields touched and says whether they are all valid (showing the errors). */
  validateStep(step: number): boolean | Promise<boolean>;
  /** The body to send after checking the whole application; null when it is not valid. */
  bodyToSend(): Promise<ApplicationBody | null>;
  /** The body the answers make now, checked without showing anything; null while not valid. */
  currentBody(): ApplicationBody | null;
  /** The text fields show and have not delivered yet (read by the telemetry scrubbers). */
  shownTexts(): readonly string[];
}
