/**
 * The product's analytics, reached only through this wrapper. Events raised before a client
 * is attached (it loads lazily, and only when configured) wait in a small buffer. The rules
 * the product keeps whatever client is attached live here: property names in sentence case,
 * no identify with a device id, no alias to the id already in use.
 */
import { reportError } from './errors';
import { sentenceCaseProperties } from './sentence-case';

export type AnalyticsEventName = 'Step Reached' | 'Sign In Clicked' | 'Form Submitted';
export type AnalyticsProperties = Readonly<Record<string, string | number | boolean>>;

/** The part of an analytics library the wrapper uses. */
export interface AnalyticsClient {
  capture(event: AnalyticsEventName, properties: AnalyticsProperties): void;
  identify(id: string): void;
  alias(id: string): void;
  distinctId(): string;
}

export interface Analytics {
  track(event: AnalyticsEventName, properties?: AnalyticsProperties): void;
  /** Ties later events to a known person; ids carrying the device prefix are rejected. */
  identify(id: string): void;
  /** Adds another id for the same person; an alias to the id in use is skipped. */
  alias(id: string): void;
  /** Hands the buffered calls, then every later one, to a loaded client. */
  attach(client: AnalyticsClient): void;
}

/** Anonymous ids made on the device start with this; identifying with one would merge strangers. */
export const DEVICE_ID_PREFIX = '$device:';

// Enough for every event of one application; anything beyond is dropped rather than kept forever.
const BUFFER_LIMIT = 50;

type Call = (client: AnalyticsClient) => void;

export function createAnalytics(report: typeof reportError = reportError): Analytics {
  let client: AnalyticsClient | null = null;
  const buffer: Call[] = [];
  const run = (call: Call) => {
    if (client) call(client);
    else if (buffer.length < BUFFER_LIMIT) buffer.push(call);
  };
  return {
    track(event, properties = {}) {
      const named = sentenceCaseProperties(properties);
      run((c) => {
        c.capture(event, named);
      });
    },
    identify(id) {
      if (id.startsWith(DEVICE_ID_PREFIX)) {
        report(new Error('Analytics identify rejected: the id carries the device prefix'), { where: 'analytics identify' });
        return;
      }
      run((c) => {
        c.identify(id);
      });
    },
    alias(id) {
      run((c) => {
        if (c.distinctId() === id) {
          report(new Error('Analytics alias skipped: the alias is the id already in use'), { where: 'analytics alias' });
          return;
        }
        c.alias(id);
      });
    },
    attach(next) {
      client = next;
      for (const call of buffer.splice(0)) call(next);
    },
  };
}

/** The page's one analytics instance. */
export const analytics = createAnalytics();
