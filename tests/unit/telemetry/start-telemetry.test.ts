import { afterEach, describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ posthog: vi.fn(), sentry: vi.fn() }));
vi.mock('../../../src/telemetry/posthog-client', () => ({
  createPosthogClient: loaded.posthog.mockImplementation(() => ({ capture: vi.fn(), identify: vi.fn(), alias: vi.fn(), distinctId: () => 'a' })),
}));
vi.mock('../../../src/telemetry/sentry-reporter', () => ({
  createSentryReporter: loaded.sentry.mockImplementation(() => ({ report: vi.fn() })),
}));

import { startTelemetry } from '../../../src/telemetry/start-telemetry';

async function settle(): Promise<void> {
  await vi.dynamicImportSettled();
}

describe('startTelemetry', () => {
  afterEach(() => {
    loaded.posthog.mockClear();
    loaded.sentry.mockClear();
  });

  it('loads nothing at all when neither is configured', async () => {
    const schedule = vi.fn();
    startTelemetry({ analytics: null, errorReporting: undefined }, schedule);
    await settle();
    expect(schedule).not.toHaveBeenCalled();
    expect(loaded.posthog).not.toHaveBeenCalled();
    expect(loaded.sentry).not.toHaveBeenCalled();
  });

  it('waits for the scheduler (idle time) before loading anything', async () => {
    const scheduled: Array<() => void> = [];
    startTelemetry({ analytics: { host: 'https://h.example', key: 'k' }, errorReporting: { dsn: 'https://k@e.example/1' } }, (work) => scheduled.push(work));
    await settle();
    expect(loaded.posthog).not.toHaveBeenCalled();
    expect(loaded.sentry).not.toHaveBeenCalled();
    for (const work of scheduled) work();
    await settle();
    expect(loaded.posthog).toHaveBeenCalledWith({ host: 'https://h.example', key: 'k' });
    expect(loaded.sentry).toHaveBeenCalledWith('https://k@e.example/1');
  });

  it('loads only what is configured', async () => {
    const scheduled: Array<() => void> = [];
    startTelemetry({ analytics: { host: 'https://h.example', key: 'k' }, errorReporting: null }, (work) => scheduled.push(work));
    for (const work of scheduled) work();
    await settle();
    expect(loaded.posthog).toHaveBeenCalledTimes(1);
    expect(loaded.sentry).not.toHaveBeenCalled();
  });
});
