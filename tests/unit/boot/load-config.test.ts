import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/boot/load-config';
import type { KeptConfig } from '../../../src/boot/kept-config';
import type { CheckedConfig } from '../../../src/config/checked-config';
import { configDigest } from '../../../src/config/config-digest';
import { parseConfigText } from '../../../src/config/parse-config';
import defaultConfigText from '../../../public/config.json?raw';

const KEPT = JSON.stringify({ ...(JSON.parse(defaultConfigText) as object), title: 'Kept copy' });

/** A kept copy in memory, recording what the page keeps. */
function memoryKept(initial?: string): KeptConfig & { kept: string[] } {
  const kept: string[] = [];
  return {
    read: () => Promise.resolve(kept.at(-1) ?? initial),
    keep: (_url, text) => {
      kept.push(text);
      return Promise.resolve();
    },
    kept,
  };
}
const keptCopy = () => memoryKept(KEPT);
const nothingKept = () => memoryKept();

describe('loadConfig', () => {
  it('uses the network copy when it is good, and keeps it as the last good copy', async () => {
    const kept = keptCopy();
    const result = await loadConfig('/config.json', () => Promise.resolve(new Response(defaultConfigText)), kept);
    expect(result.ok && result.config.title).toBe((JSON.parse(defaultConfigText) as { title: string }).title);
    expect(kept.kept).toEqual([defaultConfigText]);
  });

  it.each([
    ['an invalid file', () => Promise.resolve(new Response('{ "title": "half"'))],
    ['index.html served for a missing file', () => Promise.resolve(new Response('<!doctype html>'))],
    ['a 500', () => Promise.resolve(new Response('', { status: 500 }))],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to the kept copy on %s, and keeps nothing new', async (_name, network) => {
    const kept = keptCopy();
    const result = await loadConfig('/config.json', network, kept);
    expect(result.ok && result.config.title).toBe('Kept copy');
    expect(kept.kept).toEqual([]);
  });

  it('reports the network problem when no good copy is kept', async () => {
    const kept = nothingKept();
    const result = await loadConfig('/config.json', () => Promise.resolve(new Response('', { status: 500 })), kept);
    expect(kept.kept).toEqual([]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([{ path: 'config.json', message: 'could not be loaded (HTTP 500)' }]);
  });

  it('names the language of a file that is not a valid programme, for its error screen', async () => {
    const broken = JSON.stringify({ ...(JSON.parse(defaultConfigText) as object), lang: 'fr-CA', steps: 'four' });
    const result = await loadConfig('/config.json', () => Promise.resolve(new Response(broken)), nothingKept());
    expect(result.ok).toBe(false);
    expect(result.language).toBe('fr-CA');
  });

  it('names no language for a file it could not read', async () => {
    const result = await loadConfig('/config.json', () => Promise.resolve(new Response('{ "lang": "fr"')), nothingKept());
    expect(result.ok).toBe(false);
    expect(result.language).toBeUndefined();
  });

  describe('where the kept copy cannot be read or written', () => {
    const failing = (failure: 'read' | 'keep'): KeptConfig => ({
      read: () => (failure === 'read' ? Promise.reject(new DOMException('Storage is off', 'SecurityError')) : Promise.resolve(KEPT)),
      keep: () => (failure === 'keep' ? Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')) : Promise.resolve()),
    });

    it('opens with a good network copy though it cannot be kept', async () => {
      const result = await loadConfig('/config.json', () => Promise.resolve(new Response(defaultConfigText)), failing('keep'));
      expect(result.ok).toBe(true);
    });

    it('shows the network’s problem when the kept copy cannot be read', async () => {
      const result = await loadConfig('/config.json', () => Promise.resolve(new Response('<!doctype html>')), failing('read'));
      expect(result.ok).toBe(false);
    });
  });

  describe('an edited file, while another copy is kept', () => {
    const edited = (title: string) => JSON.stringify({ ...(JSON.parse(defaultConfigText) as object), title });
    const serving = (text: string) => () => Promise.resolve(new Response(text));
    // Welcome reads as it stands (welcome-before-check.ts), the rest is refused: a field of a kind no build has.
    const brokenPastWelcome = (() => {
      const config = JSON.parse(defaultConfigText) as { title: string; steps: Array<{ blocks: Array<{ data: { fields?: Array<Record<string, unknown>> } }> }> };
      const field = config.steps[1]?.blocks.flatMap((block) => block.data.fields ?? [])[0];
      if (!field) throw new Error('the default programme has no field on its second step');
      field.kind = 'textarea';
      return JSON.stringify({ ...config, title: 'Broken past Welcome' });
    })();

    it('opens with the kept copy, not with the broken file’s Welcome', async () => {
      const kept = keptCopy();
      const result = await loadConfig('/config.json', serving(brokenPastWelcome), kept);
      expect(result.awaitsCheck).toBe(false);
      expect(result.ok && result.config.title).toBe('Kept copy');
      expect(kept.kept).toEqual([]);
    });

    it('with nothing kept, draws the broken file’s Welcome and refuses it at the check, keeping nothing', async () => {
      const kept = nothingKept();
      const result = await loadConfig('/config.json', serving(brokenPastWelcome), kept);
      expect(result.awaitsCheck).toBe(true);
      expect((await result.confirmed()).ok).toBe(false);
      expect(kept.kept).toEqual([]);
    });

    it('checks a good edit before drawing it, and keeps it', async () => {
      const kept = keptCopy();
      const result = await loadConfig('/config.json', serving(edited('Edited')), kept);
      expect(result.awaitsCheck).toBe(false);
      expect(result.ok && result.config.title).toBe('Edited');
      expect(kept.kept).toEqual([edited('Edited')]);
    });

    it('draws the very copy it keeps before its check, and keeps it again only once it has passed', async () => {
      const kept = keptCopy();
      const result = await loadConfig('/config.json', serving(KEPT), kept);
      expect(result.awaitsCheck).toBe(true);
      expect(kept.kept).toEqual([]);
      await result.confirmed();
      expect(kept.kept).toEqual([KEPT]);
    });
  });

  describe('with the configuration the build checked (index.html)', () => {
    // Told apart from a result of checking the file here by its title, which the file does not have.
    const checkedFor = async (text: string): Promise<CheckedConfig> => {
      const parsed = parseConfigText(text);
      if (!parsed.ok) throw new Error('not a valid configuration');
      return { digest: (await configDigest(text)) ?? '', config: { ...parsed.config, title: 'As the build checked it' }, unknownKeys: [] };
    };
    const serving = (text: string) => () => Promise.resolve(new Response(text));

    it('uses the build’s result for the very file the build checked, without checking it again', async () => {
      const result = await loadConfig('/config.json', serving(defaultConfigText), nothingKept(), await checkedFor(defaultConfigText));
      expect(result.ok && result.config.title).toBe('As the build checked it');
    });

    it('checks a config.json edited after the build itself, and the edit wins', async () => {
      const edited = JSON.stringify({ ...(JSON.parse(defaultConfigText) as object), title: 'Edited after the build' });
      const result = await loadConfig('/config.json', serving(edited), nothingKept(), await checkedFor(defaultConfigText));
      expect(result.ok && result.config.title).toBe('Edited after the build');
    });

    it('reads an edited config.json as far as Welcome needs, and checks it in full only when asked', async () => {
      const edited = JSON.stringify({ ...(JSON.parse(defaultConfigText) as object), title: '  Edited after the build  ' });
      const result = await loadConfig('/config.json', serving(edited), nothingKept(), await checkedFor(defaultConfigText));
      expect(result.awaitsCheck).toBe(true);
      expect(result.ok && result.config.title).toBe('  Edited after the build  ');
      const confirmed = await result.confirmed();
      expect(confirmed.awaitsCheck).toBe(false);
      // The schema's own reading: trimmed.
      expect(confirmed.ok && confirmed.config.title).toBe('Edited after the build');
      expect(await result.confirmed()).toBe(confirmed);
    });

    it('waits for the full check of an edited file whose links Welcome could not show safely', async () => {
      const config = JSON.parse(defaultConfigText) as { logo: Record<string, unknown> };
      const edited = JSON.stringify({ ...config, logo: { ...config.logo, href: 'javascript:alert(1)' } });
      const result = await loadConfig('/config.json', serving(edited), nothingKept(), await checkedFor(defaultConfigText));
      expect(result.awaitsCheck).toBe(false);
      expect(result.ok).toBe(false);
    });

    it('a file the build checked needs no further check', async () => {
      const result = await loadConfig('/config.json', serving(defaultConfigText), nothingKept(), await checkedFor(defaultConfigText));
      expect(result.awaitsCheck).toBe(false);
      expect(await result.confirmed()).toBe(result);
    });

    it('reports the problems of an edited config.json that is not valid, rather than using the build’s copy', async () => {
      const result = await loadConfig('/config.json', serving('{"title": 1}'), nothingKept(), await checkedFor(defaultConfigText));
      expect(result.ok).toBe(false);
    });

    it('uses the build’s result for a kept copy that is the file the build checked', async () => {
      const result = await loadConfig(
        '/config.json',
        () => Promise.reject(new TypeError('Failed to fetch')),
        memoryKept(defaultConfigText),
        await checkedFor(defaultConfigText),
      );
      expect(result.ok && result.config.title).toBe('As the build checked it');
    });

    it('checks the file itself where the page has no Web Crypto to compare it with', async () => {
      const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
      Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
      try {
        const result = await loadConfig('/config.json', serving(defaultConfigText), nothingKept(), await checkedFor(defaultConfigText));
        expect(result.ok && result.config.title).toBe((JSON.parse(defaultConfigText) as { title: string }).title);
      } finally {
        if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
        else Reflect.deleteProperty(globalThis.crypto, 'subtle');
      }
    });
  });
});
