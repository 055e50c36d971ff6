import { afterEach, describe, expect, it, vi } from 'vitest';
import { configHoldScript } from '../../../scripts/first-paint-scripts';
import { withConfigHold } from '../../../scripts/prerender-welcome';
import { configTextHash } from '../../../src/first-paint/config-text-hash';
import { CONFIG_HOLD_ATTRIBUTE, RESUMING_CLASS } from '../../../src/first-paint/page-marks';

const BUILT = JSON.stringify({ title: 'Built programme', lang: 'en' });
const EDITED = JSON.stringify({ title: 'Programme modifié', lang: 'fr' });

// The script as the build compiles it (src/first-paint/hold-for-config.ts), run as index.html runs it: its text, evaluated.
const run = (source: string) => {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- as the page does with an inline script
  const script = new Function(source) as () => void;
  script();
};

const serving = (text: string | null) => vi.spyOn(window, 'fetch').mockResolvedValue(text === null ? new Response('', { status: 404 }) : new Response(text));

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('holding Welcome until config.json is known', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.documentElement.className = '';
    document.documentElement.lang = 'en';
  });

  it('hashes text the same way in the build and in the page', async () => {
    document.title = 'Built programme';
    serving(`${BUILT} `);
    run(await configHoldScript('/config.json', `${BUILT} `));
    expect(document.documentElement.classList.contains(RESUMING_CLASS)).toBe(true);
    expect(document.title).toBe('');
    await settled();
    expect(document.documentElement.classList.contains(RESUMING_CLASS)).toBe(false);
    expect(document.title).toBe('Built programme');
  });

  it('keeps the loading line for an edited file, and takes its title and language', async () => {
    document.title = 'Built programme';
    serving(EDITED);
    run(await configHoldScript('/config.json', BUILT));
    await settled();
    expect(document.documentElement.classList.contains(RESUMING_CLASS)).toBe(true);
    expect(document.title).toBe('Programme modifié');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('keeps the loading line for a file that is not JSON: the app says what is wrong', async () => {
    serving('{ "title": ');
    run(await configHoldScript('/config.json', BUILT));
    await settled();
    expect(document.documentElement.classList.contains(RESUMING_CLASS)).toBe(true);
  });

  it('keeps the loading line when config.json cannot be had: the app decides', async () => {
    serving(null);
    run(await configHoldScript('/config.json', BUILT));
    await settled();
    expect(document.documentElement.classList.contains(RESUMING_CLASS)).toBe(true);
  });

  it('tells texts apart that differ by one character', () => {
    expect(configTextHash(BUILT)).not.toBe(configTextHash(BUILT.replace('Built', 'Bui1t')));
    expect(configTextHash('')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('goes right after the title, marked so a rewriting server can take it out', async () => {
    const html = withConfigHold('<head><title>T</title><meta name="x"></head>', await configHoldScript('/config.json', BUILT));
    expect(html).toMatch(new RegExp(`<title>T</title>\\s*<script ${CONFIG_HOLD_ATTRIBUTE}>[\\s\\S]+?</script>\\s*<meta`));
  });
});
