import { describe, expect, it } from 'vitest';
import { answerConfigRequest, type ConfigStore } from '../../../src/config/last-good-config';
import defaultConfigText from '../../../public/config.json?raw';

// The service worker's side: network first, the page's kept copy when the network cannot answer.
// It judges no 200 (the page does: tests/unit/boot/load-config.test.ts), and never writes the copy.

const URL_OF_CONFIG = 'https://app.example/config.json';

function memoryStore(initial?: string): ConfigStore & { reads: () => number } {
  let reads = 0;
  return {
    match: () => {
      reads += 1;
      return Promise.resolve(initial === undefined ? undefined : new Response(initial, { status: 200 }));
    },
    reads: () => reads,
  };
}

const GOOD = defaultConfigText;
const EDITED = JSON.stringify({ ...(JSON.parse(GOOD) as object), title: 'Edited' });

async function answer(network: () => Promise<Response>, store: ConfigStore | (() => Promise<ConfigStore>), timeoutMs = 1000) {
  return answerConfigRequest(new Request(URL_OF_CONFIG), {
    store: typeof store === 'function' ? store : () => Promise.resolve(store),
    fetch: network,
    timeoutMs,
  });
}

describe('the service worker answering config.json', () => {
  it('passes a 200 through as the network sent it, without reading the kept copy', async () => {
    const store = memoryStore(GOOD);
    const response = await answer(() => Promise.resolve(new Response(EDITED)), store);
    expect(await response.text()).toBe(EDITED);
    expect(store.reads()).toBe(0);
  });

  it.each([
    ['JSON this build refuses', JSON.stringify({ title: 'Half an edit' })],
    ['index.html from a host fallback', '<!doctype html><html></html>'],
  ])('passes %s in a 200 through too: the page judges it, and falls back itself', async (_name, body) => {
    const response = await answer(() => Promise.resolve(new Response(body)), memoryStore(GOOD));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 404', () => Promise.resolve(new Response('Not found', { status: 404 }))],
    ['a 500', () => Promise.resolve(new Response('Internal error', { status: 500 }))],
    ['a 503 with a configuration body', () => Promise.resolve(new Response(EDITED, { status: 503 }))],
    ['a 204', () => Promise.resolve(new Response(null, { status: 204 }))],
  ])('serves the kept copy on %s', async (_name, network) => {
    const response = await answer(network, memoryStore(GOOD));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(GOOD);
  });

  it('serves the kept copy when the network is slower than the timeout', async () => {
    const late = new Promise<Response>(() => undefined);
    const response = await answer(() => late, memoryStore(GOOD), 20);
    expect(await response.text()).toBe(GOOD);
  });

  it('with nothing kept, passes the bad answer on so the page can say what is wrong', async () => {
    const store = memoryStore();
    const response = await answer(() => Promise.resolve(new Response('Internal error', { status: 500 })), store);
    expect(response.status).toBe(500);
    const failed = await answer(() => Promise.reject(new TypeError('offline')), store);
    expect(failed.type).toBe('error');
  });

  it('with nothing kept, waits past the timeout for the network', async () => {
    const slow = () =>
      new Promise<Response>((resolve) => {
        setTimeout(() => {
          resolve(new Response(GOOD));
        }, 40);
      });
    const response = await answer(slow, memoryStore(), 5);
    expect(await response.text()).toBe(GOOD);
  });

  it('where Cache Storage throws, answers as with nothing kept', async () => {
    const broken = () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'));
    const response = await answer(() => Promise.resolve(new Response('Not found', { status: 404 })), broken);
    expect(response.status).toBe(404);
    const matchThrows: ConfigStore = { match: () => Promise.reject(new Error('broken profile')) };
    expect((await answer(() => Promise.reject(new TypeError('offline')), matchThrows)).type).toBe('error');
  });
});
