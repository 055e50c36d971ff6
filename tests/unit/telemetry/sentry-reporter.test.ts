import { beforeEach, describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
}));
vi.mock('@sentry/react', () => sentry);

import { createSentryReporter, scrubSentryEvent } from '../../../src/telemetry/sentry-reporter';
import { registerPersonalValues } from '../../../src/telemetry/personal-values';

interface InitOptions {
  dsn: string;
  tracesSampleRate: number;
  dataCollection: Record<string, unknown>;
  ignoreErrors: RegExp[];
  integrations: (defaults: Array<{ name: string }>) => Array<{ name: string }>;
  beforeSend: (event: unknown) => unknown;
  beforeBreadcrumb: (breadcrumb: unknown) => unknown;
}

function initOptions(): InitOptions {
  return sentry.init.mock.calls[0]?.[0] as InitOptions;
}

describe('createSentryReporter', () => {
  beforeEach(() => {
    sentry.init.mockReset();
    sentry.captureException.mockReset();
  });

  it('starts Sentry with the configured DSN, every trace sampled and no personal data collected', () => {
    createSentryReporter('https://key@errors.example/7');
    const options = initOptions();
    expect(options.dsn).toBe('https://key@errors.example/7');
    expect(options.tracesSampleRate).toBe(1);
    expect(options.dataCollection).toMatchObject({ userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false });
    expect(options.ignoreErrors.some((pattern) => pattern.test('QuotaExceededError: full'))).toBe(true);
  });

  it("leaves out Sentry's own global handlers (the page's feed the wrapper) and adds tracing", () => {
    createSentryReporter('https://key@errors.example/7');
    const names = initOptions()
      .integrations([{ name: 'GlobalHandlers' }, { name: 'Breadcrumbs' }, { name: 'Dedupe' }])
      .map((integration) => integration.name);
    expect(names).toEqual(['Breadcrumbs', 'Dedupe', 'BrowserTracing']);
  });

  it('scrubs every event and breadcrumb of what was typed', () => {
    const unregister = registerPersonalValues(() => ['Ada Lovelace', 'ada@example.org']);
    createSentryReporter('https://key@errors.example/7');
    const event = initOptions().beforeSend({
      exception: { values: [{ type: 'Error', value: 'Cannot parse for ada@example.org' }] },
      request: { url: 'https://apply.example/details?name=Ada', query_string: 'name=Ada', cookies: { id: '1' } },
      user: { ip_address: '10.0.0.1' },
      extra: { where: 'step content', text: 'Ada Lovelace' },
    });
    expect(JSON.stringify(event)).not.toMatch(/Ada|ada@|10\.0\.0\.1|name=/);
    expect(event).toMatchObject({ request: { url: 'https://apply.example/details' }, extra: { where: 'step content' } });
    const breadcrumb = initOptions().beforeBreadcrumb({ category: 'fetch', data: { url: '/api/applications?key=1' }, message: 'Ada Lovelace' });
    expect(JSON.stringify(breadcrumb)).not.toMatch(/Ada|key=1/);
    unregister();
  });

  it("drops a resume link's #resume= fragment from the page URL, breadcrumbs and error messages", () => {
    const fragment = `#resume=AAECAwQFBgcICQoLDA0ODw.${'k'.repeat(43)}`;
    createSentryReporter('https://key@errors.example/7');
    const event = initOptions().beforeSend({
      exception: { values: [{ type: 'EnvelopeError', value: `Cannot open ${fragment}: tampered` }] },
      request: { url: `https://apply.example/${fragment}`, headers: { Referer: `apply.example/${fragment}` } },
      breadcrumbs: [{ category: 'navigation', data: { from: `/${fragment}`, to: '/' } }],
    });
    expect(JSON.stringify(event)).not.toMatch(/resume|AAECAwQFBgcICQoLDA0ODw|kkkkkk/);
    expect(event).toMatchObject({ request: { url: 'https://apply.example/' }, breadcrumbs: [{ data: { from: '/', to: '/' } }] });
    const breadcrumb = initOptions().beforeBreadcrumb({ category: 'navigation', data: { from: `/${fragment}`, to: '/' } });
    expect(breadcrumb).toEqual({ category: 'navigation', data: { from: '/', to: '/' } });
    const logged = initOptions().beforeBreadcrumb({ category: 'console', message: `location.hash is ${fragment.slice(1)}` });
    expect(JSON.stringify(logged)).not.toMatch(/AAECAwQFBgcICQoLDA0ODw|kkkkkk/);
  });

  it('reports an error with its context as extra data', () => {
    const reporter = createSentryReporter('https://key@errors.example/7');
    const error = new Error('boom');
    reporter.report(error, { where: 'step content' });
    expect(sentry.captureException).toHaveBeenCalledWith(error, { extra: { where: 'step content' } });
  });
});

describe('scrubSentryEvent', () => {
  it('drops the user, cookies and query string even when nothing was typed', () => {
    const scrubbed = scrubSentryEvent({ user: { id: 'x' }, request: { cookies: { a: 'b' }, query_string: 'a=b' } }, []);
    expect(scrubbed).toEqual({ request: {} });
  });
});
