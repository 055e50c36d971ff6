/**
 * The product's error reporting, reached only through this wrapper. Problems raised before a
 * reporter is attached (it loads lazily, and only when configured) wait in a small buffer;
 * known browser noise (storage refused, service worker interrupted) is never reported.
 */
import { isKnownNoise } from './known-noise';

export type ErrorContext = Readonly<Record<string, string | number | boolean>>;

export interface ErrorReporter {
  report(error: unknown, context: ErrorContext): void;
}

export interface Errors {
  /** Reports a problem the page recovered from; the context must never hold form values. */
  reportError(error: unknown, context?: ErrorContext): void;
  /** Hands the buffered reports, then every later one, to a loaded reporter. */
  attach(next: ErrorReporter): void;
}

const BUFFER_LIMIT = 20;

export function createErrors(): Errors {
  const buffered: Array<[unknown, ErrorContext]> = [];
  let reporter: ErrorReporter | null = null;
  return {
    reportError(error, context = {}) {
      if (isKnownNoise(error)) return;
      if (reporter) reporter.report(error, context);
      else if (buffered.length < BUFFER_LIMIT) buffered.push([error, context]);
    },
    attach(next) {
      reporter = next;
      for (const [error, context] of buffered.splice(0)) next.report(error, context);
    },
  };
}

const pageErrors = createErrors();

/** Reports a problem the page recovered from; the context must never hold form values. */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  pageErrors.reportError(error, context);
}

/** Hands the page's buffered reports, then every later one, to a loaded reporter. */
export function attachErrorReporter(next: ErrorReporter): void {
  pageErrors.attach(next);
}
