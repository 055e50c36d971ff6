/**
 * The product's analytics, reached only through this wrapper. Events raised before a client
 * is attached (it loads lazily, and only when configured) wait in a small buffer.
 */

export type AnalyticsEventName = 'Step Reached' | 'Sign In Clicked' | 'Form Submitted';
export type AnalyticsProperties = Readonly<Record<string, string | number | boolean>>;

export interface AnalyticsClient {
  capture(event: AnalyticsEventName, properties: AnalyticsProperties): void;
}

export interface Analytics {
  track(event: AnalyticsEventName, properties?: AnalyticsProperties): void;
  /** Hands the buffered events, then every later one, to a loaded client. */
  attach(client: AnalyticsClient): void;
}

// Enough for every event of one application; anything beyond is dropped rather than kept forever.
const BUFFER_LIMIT = 50;

export function createAnalytics(): Analytics {
  let client: AnalyticsClient | null = null;
  const buffer: Array<[AnalyticsEventName, AnalyticsProperties]> = [];
  return {
    track(event, properties = {}) {
      if (client) client.capture(event, properties);
      else if (buffer.length < BUFFER_LIMIT) buffer.push([event, properties]);
    },
    attach(next) {
      client = next;
      for (const [event, properties] of buffer.splice(0)) next.capture(event, properties);
    },
  };
}

/** The page's one analytics instance. */
export const analytics = createAnalytics();
