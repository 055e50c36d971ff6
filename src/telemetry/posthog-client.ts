/**
 * posthog-js behind the analytics wrapper. Loaded lazily, after the first render and only when
 * the programme configures analytics. The slim build without external scripts is enough: the
 * product sends its own three events and nothing else (no autocapture, no recordings, no
 * surveys, no feature flags), keeps nothing on the device and sends each event on its own.
 */
import posthog from 'posthog-js/dist/module.slim.no-external';
import type { AnalyticsClient } from './analytics';
import { currentPersonalValues } from './personal-values';
import { scrubPersonalData } from './scrub-personal-data';

export interface AnalyticsSettings {
  host: string;
  key: string;
}

/** Starts posthog with the product's settings and adapts it to the wrapper's client. */
export function createPosthogClient({ host, key }: AnalyticsSettings): AnalyticsClient {
  const instance = posthog.init(key, {
    api_host: host,
    persistence: 'memory',
    request_batching: false,
    autocapture: false,
    rageclick: false,
    capture_pageview: false,
    capture_pageleave: false,
    capture_exceptions: false,
    capture_performance: false,
    capture_heatmaps: false,
    capture_dead_clicks: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    save_referrer: false,
    save_campaign_params: false,
    mask_personal_data_properties: true,
    person_profiles: 'identified_only',
    // Whatever posthog adds on its own (the page URL, the referrer) passes the same scrubber
    // as the error reports: typed values, e-mails, query strings and a resume link's key never
    // leave the device.
    before_send: (event) => scrubPersonalData(event, currentPersonalValues()),
  });
  return {
    capture(event, properties) {
      // A beacon outlives the page: "Sign In Clicked" is followed at once by the navigation to
      // the creator hub, and any event may be the last before the tab is closed.
      instance.capture(event, properties, { transport: 'sendBeacon' });
    },
    identify(id) {
      instance.identify(id);
    },
    alias(id) {
      instance.alias(id);
    },
    distinctId() {
      return instance.get_distinct_id();
    },
  };
}
