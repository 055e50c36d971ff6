import { describe, expect, it, vi } from 'vitest';
import { createAnalytics, DEVICE_ID_PREFIX, type AnalyticsClient } from '../../../src/telemetry/analytics';

function fakeClient(distinctId = 'anon-123') {
  const calls: Array<[string, ...unknown[]]> = [];
  const client: AnalyticsClient = {
    capture: (event, properties) => calls.push(['capture', event, properties]),
    identify: (id) => calls.push(['identify', id]),
    alias: (id) => calls.push(['alias', id]),
    distinctId: () => distinctId,
  };
  return { client, calls };
}

describe('analytics wrapper', () => {
  it('sends property names in sentence case', () => {
    const analytics = createAnalytics(vi.fn());
    const { client, calls } = fakeClient();
    analytics.attach(client);
    analytics.track('Step Reached', { step: 1, sync: 'Hartwell Creators', allStepsCount: 4 });
    expect(calls).toEqual([['capture', 'Step Reached', { Step: 1, Sync: 'Hartwell Creators', 'All steps count': 4 }]]);
  });

  it('buffers events raised before the client loads and sends them in order once attached', () => {
    const analytics = createAnalytics(vi.fn());
    analytics.track('Step Reached', { step: 0 });
    analytics.track('Step Reached', { step: 1 });
    const { client, calls } = fakeClient();
    analytics.attach(client);
    analytics.track('Form Submitted');
    expect(calls.map((call) => [call[1], call[2]])).toEqual([
      ['Step Reached', { Step: 0 }],
      ['Step Reached', { Step: 1 }],
      ['Form Submitted', {}],
    ]);
  });

  it('keeps at most 50 buffered calls while no client ever loads', () => {
    const analytics = createAnalytics(vi.fn());
    for (let step = 0; step < 80; step += 1) analytics.track('Step Reached', { step });
    const { client, calls } = fakeClient();
    analytics.attach(client);
    expect(calls).toHaveLength(50);
  });

  it('rejects identify with an id carrying the device prefix and reports an error', () => {
    const report = vi.fn();
    const analytics = createAnalytics(report);
    const { client, calls } = fakeClient();
    analytics.attach(client);
    analytics.identify(`${DEVICE_ID_PREFIX}0192-abc`);
    expect(calls).toEqual([]);
    expect(report).toHaveBeenCalledTimes(1);
    expect(String(report.mock.calls[0]?.[0])).toMatch(/identify rejected/);
  });

  it('passes identify with an ordinary id to the client', () => {
    const report = vi.fn();
    const analytics = createAnalytics(report);
    const { client, calls } = fakeClient();
    analytics.attach(client);
    analytics.identify('creator-42');
    expect(calls).toEqual([['identify', 'creator-42']]);
    expect(report).not.toHaveBeenCalled();
  });

  it('skips an alias to the id already in use, with an error, and passes any other alias', () => {
    const report = vi.fn();
    const analytics = createAnalytics(report);
    const { client, calls } = fakeClient('creator-42');
    analytics.attach(client);
    analytics.alias('creator-42');
    expect(calls).toEqual([]);
    expect(String(report.mock.calls[0]?.[0])).toMatch(/alias skipped/);
    analytics.alias('creator-42-hub');
    expect(calls).toEqual([['alias', 'creator-42-hub']]);
  });

  it('checks a buffered alias against the id of the client that finally loads', () => {
    const report = vi.fn();
    const analytics = createAnalytics(report);
    analytics.alias('anon-123');
    const { client, calls } = fakeClient('anon-123');
    analytics.attach(client);
    expect(calls).toEqual([]);
    expect(report).toHaveBeenCalledTimes(1);
  });
});
