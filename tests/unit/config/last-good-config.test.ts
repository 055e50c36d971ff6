import { describe, expect, it } from 'vitest';
import { answerConfigRequest, type ConfigStore } from '../../../src/config/last-good-config';
import defaultConfigText from '../../../public/config.json?raw';

const URL_OF_CONFIG = 'https://app.example/config.json';

function memoryStore(initial?: string): ConfigStore & { kept: () => Promise<string | undefined> } {
  let body = initial;
  return {
    match: () => Promise.resolve(body === undefined ? undefined : new Response(body, { status: 200 })),
    put: async (_request, response) => {
      body = await response.text();
    },
    kept: () => Promise.resolve(body),
  };
}

const GOOD = defaultConfigText;
const EDITED = JSON.stringify({ ...(JSON.parse(GOOD) as object), title: 'Edited' });

async function answer(network: () => Promise<Response>, store: ConfigStore, timeoutMs = 1000) {
  const response = await answerConfigRequest(new Request(URL_OF_CONFIG), { store: () => Promise.resolve(store), fetch: network, timeoutMs });
  return response;
}

describe('the service worker answering config.json', () => {
  it('serves and keeps a configuration this build accepts', async () => {
    const store = memoryStore(GOOD);
    const response = await answer(() => Promise.resolve(new Response(EDITED)), store);
    expect(await response.text()).toBe(EDITED);
    expect(await store.kept()).toBe(EDITED);
  });

  it('keeps a configuration with a key this build does not know (a newer deployment)', async () => {
    const store = memoryStore(GOOD);
    const newer = JSON.stringify({ ...(JSON.parse(GOOD) as object), newerSetting: true });
    expect(await (await answer(() => Promise.resolve(new Response(newer)), store)).text()).toBe(newer);
    expect(await store.kept()).toBe(newer);
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 404', () => Promise.resolve(new Response('Not found', { status: 404 }))],
    ['a 503 with a configuration body', () => Promise.resolve(new Response(EDITED, { status: 503 }))],
    ['index.html from a host fallback', () => Promise.resolve(new Response('<!doctype html><html></html>', { headers: { 'Content-Type': 'text/html' } }))],
    ['JSON this build refuses', () => Promise.resolve(new Response(JSON.stringify({ title: 'Half an edit' })))],
    ['a redirect-like 204', () => Promise.resolve(new Response(null, { status: 204 }))],
  ])('falls back to the last good copy on %s, and keeps it', async (_name, network) => {
    const store = memoryStore(GOOD);
    const response = await answer(network, store);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(GOOD);
    expect(await store.kept()).toBe(GOOD);
  });

  it('serves the last good copy when the network is slower than the timeout, and still keeps the late answer', async () => {
    const store = memoryStore(GOOD);
    let arrive: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => {
      arrive = resolve;
    });
    const waited: Array<Promise<unknown>> = [];
    const response = await answerConfigRequest(new Request(URL_OF_CONFIG), {
      store: () => Promise.resolve(store),
      fetch: () => late,
      timeoutMs: 20,
      waitUntil: (promise) => {
        waited.push(promise);
      },
    });
    expect(await response.text()).toBe(GOOD);
    arrive(new Response(EDITED));
    await Promise.all(waited);
    expect(await store.kept()).toBe(EDITED);
  });

  it('with nothing kept, passes the bad answer on so the page can say what is wrong', async () => {
    const store = memoryStore();
    const response = await answer(() => Promise.resolve(new Response('Not found', { status: 404 })), store);
    expect(response.status).toBe(404);
    expect(await store.kept()).toBeUndefined();
    const failed = await answer(() => Promise.reject(new TypeError('offline')), store);
    expect(failed.type).toBe('error');
  });

  it('with nothing kept, waits past the timeout for the network', async () => {
    const store = memoryStore();
    const response = await answer(() => new Promise((resolve) => {
          setTimeout(() => {
            resolve(new Response(GOOD));
          }, 40);
        }), store, 5);
    expect(await response.text()).toBe(GOOD);
  });
});
