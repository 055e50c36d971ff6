import type { Workbox } from 'workbox-window';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_SCRIPTS, keepLoadedScripts } from '../../../src/pwa/keep-loaded-scripts';

/** The resource entries the page's PerformanceObserver is handed, as the browser would. */
let observed: ((list: { getEntries: () => Array<{ name: string }> }) => void) | null = null;

class FakePerformanceObserver {
  constructor(callback: typeof observed) {
    observed = callback;
  }

  observe(): void {}
}

function fakeWorkbox(): { wb: Workbox; messages: unknown[] } {
  const messages: unknown[] = [];
  const wb = {
    messageSW: (message: unknown) => {
      messages.push(message);
      return Promise.resolve(null);
    },
  } as unknown as Workbox;
  return { wb, messages };
}

function controlledBy(controller: object | null): void {
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });
}

const script = (path: string) => `${location.origin}${path}`;

describe('keepLoadedScripts', () => {
  beforeEach(() => {
    observed = null;
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: script('/assets/index-a1.js') },
      { name: script('/covers/cover-800.avif') },
      { name: 'https://cdn.example.com/other.js' },
    ] as unknown as PerformanceEntryList);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('tells the worker the scripts loaded so far, then those a page it does not control loads later, such as the proof-of-work solver', async () => {
    controlledBy(null);
    const { wb, messages } = fakeWorkbox();
    await keepLoadedScripts(wb);
    expect(messages).toEqual([{ type: KEEP_SCRIPTS, urls: [script('/assets/index-a1.js')] }]);

    observed?.({ getEntries: () => [{ name: script('/assets/page-proofs-b2.js') }, { name: script('/assets/solver-worker-c3.js') }] });
    observed?.({ getEntries: () => [{ name: `${location.origin}/api/challenge` }] });
    expect(messages).toEqual([
      { type: KEEP_SCRIPTS, urls: [script('/assets/index-a1.js')] },
      { type: KEEP_SCRIPTS, urls: [script('/assets/page-proofs-b2.js'), script('/assets/solver-worker-c3.js')] },
    ]);
  });

  it('leaves what a page the worker controls loads later to the worker, which keeps the optional chunks it serves', async () => {
    controlledBy({});
    const { wb, messages } = fakeWorkbox();
    await keepLoadedScripts(wb);
    expect(observed).toBeNull();
    expect(messages).toHaveLength(1);
  });
});
