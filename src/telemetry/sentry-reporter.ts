/**
 * @sentry/react behind the errors wrapper. Loaded lazily, after the first render and only when
 * the programme configures a DSN. Nothing the creator typed leaves the device: no default PII,
 * and every event, transaction and breadcrumb passes the scrubber (typed values, e-mails, query
 * strings and any resume link's #resume= fragment removed) on its way out.
 */
import { browserTracingIntegration, captureException, init } from '@sentry/react';
import type { ErrorReporter } from './errors';
import { KNOWN_NOISE } from './known-noise';
import { currentPersonalValues } from './personal-values';
import { scrubPersonalData } from './scrub-personal-data';

/** Removes what identifies the creator from a Sentry event of any kind. */
export function scrubSentryEvent<T extends { user?: unknown; request?: { cookies?: unknown; query_string?: unknown } }>(
  event: T,
  personalValues: readonly string[],
): T {
  const scrubbed = scrubPersonalData(event, personalValues);
  delete scrubbed.user;
  if (scrubbed.request) {
    delete scrubbed.request.cookies;
    delete scrubbed.request.query_string;
  }
  return scrubbed;
}

/** Starts Sentry with the product's settings and adapts it to the wrapper's reporter. */
export function createSentryReporter(dsn: string): ErrorReporter {
  init({
    dsn,
    // Sentry 11's replacement for `sendDefaultPii: false`: collect no user info, cookies,
    // headers, bodies, query parameters or local variables.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    tracesSampleRate: 1,
    // Trace headers would turn the application PUT into a preflighted request to a server
    // that is not ours to instrument.
    tracePropagationTargets: [],
    ignoreErrors: [...KNOWN_NOISE],
    // The page's own handlers feed the errors wrapper from the first moment (buffering until
    // this loads); Sentry's would report the same errors twice.
    integrations: (defaults) => [...defaults.filter((integration) => integration.name !== 'GlobalHandlers'), browserTracingIntegration()],
    beforeSend: (event) => scrubSentryEvent(event, currentPersonalValues()),
    beforeSendSpan: (span) => scrubPersonalData(span, currentPersonalValues()),
    beforeBreadcrumb: (breadcrumb) => scrubPersonalData(breadcrumb, currentPersonalValues()),
  });
  return {
    report(error, context) {
      captureException(error, { extra: { ...context } });
    },
  };
}
