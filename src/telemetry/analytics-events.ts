import { analytics as pageAnalytics, type Analytics } from './analytics';

/**
 * The product's analytics events, each built in one place (docs/product-rules.md §9): what goes out when
 * a step is first on screen, when the application is accepted, and when the creator signs in.
 * Callers say what happened; the event's name and properties are decided here.
 */

/** "Step Reached": a step is on screen for the first time. */
export function trackStepReached(step: number, programmeTitle: string, stepCount: number, analytics: Analytics = pageAnalytics): void {
  analytics.track('Step Reached', { step, sync: programmeTitle, allStepsCount: stepCount });
}

/** "Form Submitted": the server accepted the application. */
export function trackFormSubmitted(analytics: Analytics = pageAnalytics): void {
  analytics.track('Form Submitted');
}

/** "Sign In Clicked": the creator goes on to the creator hub. */
export function trackSignInClicked(analytics: Analytics = pageAnalytics): void {
  analytics.track('Sign In Clicked');
}
