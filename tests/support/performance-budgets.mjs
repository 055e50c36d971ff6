// The performance budgets of issue 7, in one place: the byte-budget test asserts the byte ones,
// the benchmark (npm run bench) prints every figure against them.
import { KB } from './bundle-sizes.mjs';

/** Issue 7's budgets; bytes are gzip unless named otherwise. */
export const BUDGETS = Object.freeze({
  /** JavaScript fetched before the Welcome step is interactive (React and react-dom alone are about 66 kB). */
  criticalPathGzip: 90 * KB,
  /** Every chunk of the wizard, telemetry included. */
  wholeWizardGzip: 320 * KB,
  /** Each cover image in the size a phone picks. */
  phoneCoverBytes: 80 * KB,
  lighthouseMobile: Object.freeze({ performance: 98, accessibility: 100, bestPractices: 100, lcpMs: 1800, clsBelow: 0.02 }),
  /** Median from navigation to an interactive Welcome step, offline, service worker in control, no throttling. */
  offlineStartMs: 400,
  /** p95 time from a keystroke to the next paint with 4x CPU throttling. */
  typingNextPaintP95Ms: 16,
  /** IndexedDB writes per burst of 20 keystrokes. */
  writesPerBurst: 2,
});

/**
 * The phone the cover budget is judged on: 390 CSS pixels wide at device pixel ratio 2, like
 * the end-to-end suite's phone project, with the cover across the full width (576 px or less).
 */
export const PHONE = Object.freeze({ width: 390, height: 844, deviceScaleFactor: 2 });
