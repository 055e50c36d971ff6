import { describe, expect, it } from 'vitest';
import { createAnalytics, type AnalyticsClient } from '../../../src/telemetry/analytics';
import { trackFormSubmitted, trackSignInClicked, trackStepReached } from '../../../src/telemetry/analytics-events';

function recording() {
  const captured: Array<[string, Record<string, unknown>]> = [];
  const client: AnalyticsClient = {
    capture: (event, properties) => void captured.push([event, { ...properties }]),
    identify: () => undefined,
    alias: () => undefined,
    distinctId: () => 'someone',
  };
  const analytics = createAnalytics(() => undefined);
  analytics.attach(client);
  return { analytics, captured };
}

describe('the product analytics events', () => {
  it('sends Step Reached with the step, the programme as Sync and the number of steps', () => {
    const { analytics, captured } = recording();
    trackStepReached(2, 'Hartwell Creators', 4, analytics);
    expect(captured).toEqual([['Step Reached', { Step: 2, Sync: 'Hartwell Creators', 'All steps count': 4 }]]);
  });

  it('sends Form Submitted and Sign In Clicked without properties', () => {
    const { analytics, captured } = recording();
    trackFormSubmitted(analytics);
    trackSignInClicked(analytics);
    expect(captured).toEqual([
      ['Form Submitted', {}],
      ['Sign In Clicked', {}],
    ]);
  });
});
