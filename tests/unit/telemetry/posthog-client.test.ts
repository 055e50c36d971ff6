import { beforeEach, describe, expect, it, vi } from 'vitest';

const posthogInit = vi.hoisted(() => vi.fn());
vi.mock('posthog-js/dist/module.slim.no-external', () => ({ default: { init: posthogInit } }));

import { createPosthogClient } from '../../../src/telemetry/posthog-client';
import { registerPersonalValues } from '../../../src/telemetry/personal-values';

interface CapturedConfig {
  api_host: string;
  persistence: string;
  request_batching: boolean;
  autocapture: boolean;
  capture_pageview: boolean;
  capture_pageleave: boolean;
  disable_session_recording: boolean;
  before_send: (event: unknown) => unknown;
}

function initConfig(): CapturedConfig {
  return posthogInit.mock.calls[0]?.[1] as CapturedConfig;
}

describe('createPosthogClient', () => {
  beforeEach(() => {
    posthogInit.mockReset();
    posthogInit.mockReturnValue({ capture: vi.fn(), identify: vi.fn(), alias: vi.fn(), get_distinct_id: () => 'anon-1' });
  });

  it('starts posthog with the configured host and key, keeping nothing on the device and batching nothing', () => {
    createPosthogClient({ host: 'https://eu.i.posthog.example', key: 'phc_test' });
    expect(posthogInit.mock.calls[0]?.[0]).toBe('phc_test');
    expect(initConfig()).toMatchObject({
      api_host: 'https://eu.i.posthog.example',
      persistence: 'memory',
      request_batching: false,
      autocapture: false,
      capture_pageview: false,
      capture_pageleave: false,
      disable_session_recording: true,
    });
  });

  it('scrubs what posthog adds on its own: typed values, e-mails and query strings', () => {
    const unregister = registerPersonalValues(() => ['Lovelace']);
    createPosthogClient({ host: 'https://eu.i.posthog.example', key: 'phc_test' });
    const sent = initConfig().before_send({
      event: 'Step Reached',
      properties: { $current_url: 'https://apply.example/?email=ada%40example.org', note: 'Lovelace', Step: 1 },
    });
    expect(JSON.stringify(sent)).not.toMatch(/Lovelace|email=|ada/);
    expect(sent).toMatchObject({ properties: { $current_url: 'https://apply.example/', Step: 1 } });
    unregister();
  });

  it("drops a resume link's #resume= fragment from the page URL, the referrer and every property", () => {
    const fragment = `#resume=AAECAwQFBgcICQoLDA0ODw.${'k'.repeat(43)}`;
    createPosthogClient({ host: 'https://eu.i.posthog.example', key: 'phc_test' });
    const sent = initConfig().before_send({
      event: 'Step Reached',
      properties: {
        $current_url: `https://apply.example/${fragment}`,
        $referrer: `apply.example/${fragment}`,
        $initial_referrer: `android-app://com.example.mail/${fragment}`,
        hash: fragment,
        Step: 1,
      },
    });
    expect(JSON.stringify(sent)).not.toMatch(/resume|AAECAwQFBgcICQoLDA0ODw|kkkkkk/);
    expect(sent).toMatchObject({ properties: { $current_url: 'https://apply.example/', $referrer: 'apply.example/', hash: '', Step: 1 } });
  });

  it('adapts capture, identify, alias and the distinct id to the wrapper', () => {
    const instance = { capture: vi.fn(), identify: vi.fn(), alias: vi.fn(), get_distinct_id: () => 'anon-1' };
    posthogInit.mockReturnValue(instance);
    const client = createPosthogClient({ host: 'https://h.example', key: 'k' });
    client.capture('Form Submitted', { Step: 2 });
    client.identify('creator-1');
    client.alias('creator-2');
    expect(instance.capture).toHaveBeenCalledWith('Form Submitted', { Step: 2 }, { transport: 'sendBeacon' });
    expect(instance.identify).toHaveBeenCalledWith('creator-1');
    expect(instance.alias).toHaveBeenCalledWith('creator-2');
    expect(client.distinctId()).toBe('anon-1');
  });
});
