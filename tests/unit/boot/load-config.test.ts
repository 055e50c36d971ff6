import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/boot/load-config';
import defaultConfigText from '../../../public/config.json?raw';

const KEPT = JSON.stringify({ ...(JSON.parse(defaultConfigText) as object), title: 'Kept copy' });
const keptCopy = () => Promise.resolve(KEPT);
const nothingKept = () => Promise.resolve(undefined);

describe('loadConfig', () => {
  it('uses the network copy when it is good', async () => {
    const result = await loadConfig('/config.json', () => Promise.resolve(new Response(defaultConfigText)), keptCopy);
    expect(result.ok && result.config.title).toBe((JSON.parse(defaultConfigText) as { title: string }).title);
  });

  it.each([
    ['an invalid file', () => Promise.resolve(new Response('{ "title": "half"'))],
    ['index.html served for a missing file', () => Promise.resolve(new Response('<!doctype html>'))],
    ['a 500', () => Promise.resolve(new Response('', { status: 500 }))],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to the copy the service worker kept on %s', async (_name, network) => {
    const result = await loadConfig('/config.json', network, keptCopy);
    expect(result.ok && result.config.title).toBe('Kept copy');
  });

  it('reports the network problem when no good copy is kept', async () => {
    const result = await loadConfig('/config.json', () => Promise.resolve(new Response('', { status: 500 })), nothingKept);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([{ path: 'config.json', message: 'could not be loaded (HTTP 500)' }]);
  });
});
