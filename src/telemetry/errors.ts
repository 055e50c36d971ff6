/**
 * The product's error reporting, reached only through this wrapper. Problems raised before a
 * reporter is attached (it loads lazily, and only when configured) wait in a small buffer.
 */
export interface ErrorReporter {
  report(error: unknown, context: Readonly<Record<string, string | number | boolean>>): void;
}

const BUFFER_LIMIT = 20;
const buffered: Array<[unknown, Readonly<Record<string, string | number | boolean>>]> = [];
let reporter: ErrorReporter | null = null;

/** Reports a problem the page recovered from; the context must never hold form values. */
export function reportError(error: unknown, context: Readonly<Record<string, string | number | boolean>> = {}): void {
  if (reporter) reporter.report(error, context);
  else if (buffered.length < BUFFER_LIMIT) buffered.push([error, context]);
}

export function attachErrorReporter(next: ErrorReporter): void {
  reporter = next;
  for (const [error, context] of buffered.splice(0)) next.report(error, context);
}
