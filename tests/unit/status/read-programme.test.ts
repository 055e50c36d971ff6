import { describe, expect, it } from 'vitest';
import { CONFIG_CACHE } from '../../../src/config/config-cache';
import { readProgramme } from '../../../src/status/read-programme';

const KEPT = { programmeTitle: 'Kept programme', requestUrl: '/api/applications' };
const FRESH = { programmeTitle: 'Edited programme', requestUrl: '/api/applications' };

/** Cache Storage holding the wizard page's kept copy under config.json's URL, or throwing. */
function storageWith(kept: unknown, failing = false): () => CacheStorage {
  return () =>
    ({
      match: (request: string, options?: MultiCacheQueryOptions) => {
        if (failing) return Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'));
        const found = options?.cacheName === CONFIG_CACHE && request === new URL('/config.json', location.href).href;
        return Promise.resolve(found && kept !== undefined ? new Response(JSON.stringify(kept)) : undefined);
      },
    }) as unknown as CacheStorage;
}

const answering = (response: () => Response) => () => Promise.resolve(response());

describe('the programme as the status page reads it', () => {
  it('takes the network’s file when it is a JSON object', async () => {
    expect(
      await readProgramme(
        '/config.json',
        answering(() => new Response(JSON.stringify(FRESH))),
        storageWith(KEPT),
      ),
    ).toEqual(FRESH);
  });

  it.each([
    ['index.html served for a missing file', () => new Response('<!doctype html><html></html>', { headers: { 'Content-Type': 'text/html' } })],
    ['broken JSON', () => new Response('{ "programmeTitle": ')],
    ['JSON that is no programme', () => new Response('[1, 2]')],
    ['a 503', () => new Response('The host failed', { status: 503 })],
  ])('falls back to the copy the wizard kept on %s', async (_name, response) => {
    expect(await readProgramme('/config.json', answering(response), storageWith(KEPT))).toEqual(KEPT);
  });

  it('falls back to the kept copy when the network cannot answer', async () => {
    expect(await readProgramme('/config.json', () => Promise.reject(new TypeError('Failed to fetch')), storageWith(KEPT))).toEqual(KEPT);
  });

  it('reads no programme when nothing is kept, nor where Cache Storage throws or is missing', async () => {
    const broken = answering(() => new Response('<!doctype html>'));
    expect(await readProgramme('/config.json', broken, storageWith(undefined))).toBeNull();
    expect(await readProgramme('/config.json', broken, storageWith(KEPT, true))).toBeNull();
    expect(await readProgramme('/config.json', broken, () => undefined)).toBeNull();
  });
});
