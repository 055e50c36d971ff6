import { describe, expect, it } from 'vitest';
import { keptConfigIn, type KeptConfigPlaces } from '../../../src/boot/kept-config';
import { CONFIG_CACHE, CONFIG_KEPT } from '../../../src/config/config-cache';

const URL_OF_CONFIG = 'https://app.example/config.json';

/** Cache Storage in memory, one cache per name, the way the page and the worker share it. */
function memoryCaches(failure?: 'open' | 'put' | 'match'): CacheStorage & { opened: Map<string, Map<string, Response>> } {
  const opened = new Map<string, Map<string, Response>>();
  const cacheNamed = (name: string) => {
    const entries = opened.get(name) ?? new Map<string, Response>();
    opened.set(name, entries);
    return entries;
  };
  const storage = {
    opened,
    open: (name: string) => {
      if (failure === 'open') return Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'));
      const entries = cacheNamed(name);
      return Promise.resolve({
        put: (request: string, response: Response) => {
          if (failure === 'put') return Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError'));
          entries.set(request, response);
          return Promise.resolve();
        },
      } as unknown as Cache);
    },
    match: (request: string, options?: MultiCacheQueryOptions) => {
      if (failure === 'match') return Promise.reject(new Error('broken profile'));
      return Promise.resolve(
        opened
          .get(options?.cacheName ?? '')
          ?.get(request)
          ?.clone(),
      );
    },
  };
  return storage as unknown as CacheStorage & { opened: Map<string, Map<string, Response>> };
}

/** A service worker container whose active worker records the messages it is sent. */
function workerContainer(active: boolean): { container: ServiceWorkerContainer; messages: unknown[] } {
  const messages: unknown[] = [];
  const worker = {
    postMessage: (message: unknown) => {
      messages.push(message);
    },
  };
  const registration = { active: active ? worker : null };
  return { container: { getRegistration: () => Promise.resolve(registration) } as unknown as ServiceWorkerContainer, messages };
}

describe('the last good configuration, as the page keeps it', () => {
  it('keeps the text under config.json’s URL in the shared cache, then tells the active worker', async () => {
    const storage = memoryCaches();
    const { container, messages } = workerContainer(true);
    const kept = keptConfigIn(() => ({ caches: storage, serviceWorker: container }));
    await kept.keep(URL_OF_CONFIG, '{"title":"Kept"}');
    const stored = storage.opened.get(CONFIG_CACHE)?.get(URL_OF_CONFIG);
    expect(await stored?.clone().text()).toBe('{"title":"Kept"}');
    expect(stored?.headers.get('Content-Type')).toBe('application/json');
    expect(messages).toEqual([{ type: CONFIG_KEPT }]);
    expect(await kept.read(URL_OF_CONFIG)).toBe('{"title":"Kept"}');
  });

  it('reads nothing where nothing was kept', async () => {
    const kept = keptConfigIn(() => ({ caches: memoryCaches(), serviceWorker: undefined }));
    expect(await kept.read(URL_OF_CONFIG)).toBeUndefined();
  });

  it('keeps without telling anyone where no worker is active yet (a first visit: the worker reads the copy as it installs)', async () => {
    const storage = memoryCaches();
    const { container, messages } = workerContainer(false);
    await keptConfigIn(() => ({ caches: storage, serviceWorker: container })).keep(URL_OF_CONFIG, '{}');
    expect(storage.opened.get(CONFIG_CACHE)?.has(URL_OF_CONFIG)).toBe(true);
    expect(messages).toEqual([]);
  });

  it.each<[string, () => KeptConfigPlaces]>([
    ['there is no Cache Storage', () => ({ caches: undefined, serviceWorker: undefined })],
    ['Cache Storage refuses to open', () => ({ caches: memoryCaches('open'), serviceWorker: workerContainer(true).container })],
    ['the cache is full', () => ({ caches: memoryCaches('put'), serviceWorker: workerContainer(true).container })],
    ['Cache Storage cannot be read', () => ({ caches: memoryCaches('match'), serviceWorker: undefined })],
    [
      'the browser throws at the very mention of storage',
      () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    ],
  ])('neither reading nor keeping throws where %s', async (_name, places) => {
    const kept = keptConfigIn(places);
    await expect(kept.keep(URL_OF_CONFIG, '{}')).resolves.toBeUndefined();
    await expect(kept.read(URL_OF_CONFIG)).resolves.toBeUndefined();
  });

  it('tells no worker when the copy could not be kept (it would warm from an older copy)', async () => {
    const { container, messages } = workerContainer(true);
    await keptConfigIn(() => ({ caches: memoryCaches('put'), serviceWorker: container })).keep(URL_OF_CONFIG, '{}');
    expect(messages).toEqual([]);
  });

  it('keeps the copy though the worker cannot be reached', async () => {
    const storage = memoryCaches();
    const refusing = {
      getRegistration: () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError')),
    } as unknown as ServiceWorkerContainer;
    await expect(keptConfigIn(() => ({ caches: storage, serviceWorker: refusing })).keep(URL_OF_CONFIG, '{}')).resolves.toBeUndefined();
    expect(storage.opened.get(CONFIG_CACHE)?.has(URL_OF_CONFIG)).toBe(true);
  });
});
