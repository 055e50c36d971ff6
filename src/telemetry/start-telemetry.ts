/**
 * Starts what the programme configures, after the first render and when the browser is idle,
 * so neither library is ever on the critical path of the Welcome step. Unconfigured, nothing
 * is loaded at all. A library that fails to load (offline, an ad blocker) is simply absent:
 * the wrappers keep buffering and the wizard does not notice.
 */
import type { WizardConfig } from '../config/config-schema';
import { whenIdle } from '../browser/when-idle';
import { analytics } from './analytics';
import { attachErrorReporter, reportError } from './errors';

type TelemetryConfig = Pick<WizardConfig, 'analytics' | 'errorReporting'>;

/** Loads and attaches the configured analytics and error reporting when the page is idle. */
export function startTelemetry(config: TelemetryConfig, schedule: (work: () => void) => void = whenIdle): void {
  const { analytics: analyticsSettings, errorReporting } = config;
  if (errorReporting) {
    // From the first moment, so an error raised before Sentry arrives is buffered, not lost.
    window.addEventListener('error', (event) => {
      reportError(event.error ?? event.message, { where: 'window error' });
    });
    window.addEventListener('unhandledrejection', (event) => {
      reportError(event.reason, { where: 'unhandled rejection' });
    });
    schedule(() => {
      import('./sentry-reporter')
        .then(({ createSentryReporter }) => {
          attachErrorReporter(createSentryReporter(errorReporting.dsn));
        })
        .catch(() => undefined);
    });
  }
  if (analyticsSettings) {
    schedule(() => {
      import('./posthog-client')
        .then(({ createPosthogClient }) => {
          analytics.attach(createPosthogClient(analyticsSettings));
        })
        .catch(() => undefined);
    });
  }
}
