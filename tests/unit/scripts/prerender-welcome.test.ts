import { describe, expect, it } from 'vitest';
import defaultConfigText from '../../../public/config.json?raw';
import indexHtml from '../../../index.html?raw';
import {
  inlineEntryStyles,
  isJsonData,
  PRERENDER_HASH_ATTRIBUTE,
  withHeadFirst,
  withPrerenderedWelcome,
  withStarter,
} from '../../../scripts/prerender-welcome';
import { EARLY_CONTINUE_ATTRIBUTE, RESUMING_LINE_CLASS } from '../../../src/first-paint/page-marks';
import { CHECKED_CONFIG_ID, readCheckedConfig } from '../../../src/config/checked-config';
import { parseConfigText } from '../../../src/config/parse-config';
import { buildTimeSanitizer, renderWelcome } from '../../../src/prerender/render-welcome';

/** The words index.html writes itself, in the programme's language (here German). */
const WORDS = {
  loading: 'Der Antrag wird geladen…',
  needsScript: 'Dieser Antrag braucht JavaScript.',
  loadFailed: 'Das Formular konnte nicht geladen werden.',
};

describe('renderWelcome (build time)', () => {
  it("draws the default programme's Welcome with its heading, text, info box, cover and step bar", async () => {
    const welcome = renderWelcome(defaultConfigText, await buildTimeSanitizer());
    expect(welcome).not.toBeNull();
    const markup = welcome?.markup ?? '';
    expect(markup.startsWith('<div class="layout">')).toBe(true);
    expect(markup).toContain('>Become a Hartwell creator partner</h1>');
    expect(markup).toContain('<div class="block-rich-text"><p>Thank you for your interest');
    expect(markup).toContain('How the programme works</h2>');
    expect(markup).toContain('<picture><source type="image/avif"');
    expect(markup).toContain('<nav class="step-bar" aria-label="Application progress">');
    expect(welcome?.title).toBe('Creator Trade Programme · Hartwell Window Co.');
    expect(welcome?.lang).toBe('en');
  });

  it('gives config.json as the app would check it, for index.html to carry', () => {
    const welcome = renderWelcome(defaultConfigText, (html) => html);
    const parsed = parseConfigText(defaultConfigText);
    if (!parsed.ok) throw new Error('the default config.json is not valid');
    expect(welcome?.checked).toEqual({ config: parsed.config, unknownKeys: parsed.unknownKeys });
    expect(isJsonData(welcome?.checked)).toBe(true);
  });

  it('cleans configured HTML by the app’s policy: no script, no event handler', async () => {
    const config = JSON.parse(defaultConfigText) as { steps: Array<{ blocks: Array<{ component: string; data: { html?: string } }> }> };
    const rich = config.steps[0]?.blocks.find((block) => block.component === 'RichText');
    if (!rich) throw new Error('no rich text on Welcome');
    rich.data.html = '<p onclick="steal()">Hello<script>steal()</script> <a href="javascript:steal()">there</a></p>';
    const markup = renderWelcome(JSON.stringify(config), await buildTimeSanitizer())?.markup ?? '';
    expect(markup).toContain('Hello');
    expect(markup).not.toMatch(/script|onclick|javascript:/);
  });

  it('draws nothing for a configuration that is not valid, or whose first step asks for answers', () => {
    expect(renderWelcome('{"title": 1}', (html) => html)).toBeNull();
    const config = JSON.parse(defaultConfigText) as { steps: unknown[] };
    config.steps.shift();
    expect(renderWelcome(JSON.stringify(config), (html) => html)).toBeNull();
  });
});

describe('withPrerenderedWelcome', () => {
  const checked = (title: string) => {
    const parsed = parseConfigText(defaultConfigText);
    if (!parsed.ok) throw new Error('the default config.json is not valid');
    return { config: { ...parsed.config, title }, unknownKeys: parsed.unknownKeys };
  };

  it('puts the markup into #root in a wrapper named by the config digest, keeps the loading line for a returning creator, and sets title, language and its own words', () => {
    const html = withPrerenderedWelcome(
      indexHtml,
      { markup: '<div class="layout">Hi</div>', title: 'A & B', lang: 'de', words: WORDS, checked: checked('A & B') },
      'abc123',
    );
    expect(html).toContain(
      `<div id="root"><p class="boot-message ${RESUMING_LINE_CLASS}" role="status">Der Antrag wird geladen…</p><div class="prerendered" ${PRERENDER_HASH_ATTRIBUTE}="abc123"><div class="layout">Hi</div></div></div>`,
    );
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<noscript>Dieser Antrag braucht JavaScript.</noscript>');
  });

  it('writes the direction of a language written right to left beside it', () => {
    const html = withPrerenderedWelcome(indexHtml, { markup: '<p>مرحبا</p>', title: 'x', lang: 'ar-EG', words: WORDS, checked: checked('x') }, 'abc123');
    expect(html).toContain('<html lang="ar-EG" dir="rtl">');
  });

  it('carries the checked configuration after #root, where the app reads it back, even with a script end tag in its text', () => {
    const sneaky = checked('Ends </script><script>steal()</script> here');
    const html = withPrerenderedWelcome(indexHtml, { markup: '<p>Hi</p>', title: 'x', lang: 'en', words: WORDS, checked: sneaky }, 'abc123');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script:not([type])')).toHaveLength(0);
    expect(doc.getElementById(CHECKED_CONFIG_ID)?.previousElementSibling?.id).toBe('root');
    expect(readCheckedConfig(doc)).toEqual({ digest: 'abc123', ...sneaky });
  });

  it('leaves the checked configuration out when it would not survive JSON', () => {
    const odd = { config: { ...checked('x').config, when: new Date(0) }, unknownKeys: [] };
    const html = withPrerenderedWelcome(indexHtml, { markup: '<p>Hi</p>', title: 'x', lang: 'en', words: WORDS, checked: odd }, 'abc123');
    expect(html).not.toContain(CHECKED_CONFIG_ID);
  });
});

describe('isJsonData', () => {
  it.each([
    ['plain data', { a: [1, 'b', true, null, { c: 2.5 }], d: undefined }, true],
    ['a date', { a: new Date(0) }, false],
    ['a map', new Map(), false],
    ['NaN', { a: Number.NaN }, false],
    ['an undefined array item', [undefined], false],
    ['a function', { a: () => 1 }, false],
  ])('%s: %s', (_name, value, expected) => {
    expect(isJsonData(value)).toBe(expected);
  });
});

describe('the starter and inlined styles', () => {
  const built = [
    '<head>',
    '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />',
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-def.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">',
    '</head>',
  ].join('\n');

  it('replaces the entry script and its preloads with an inline starter, which loads them once Welcome is painted', async () => {
    const { html, entry, preloads, fetches } = await withStarter(built);
    expect(entry).toBe('/assets/index-abc.js');
    expect(preloads).toEqual(['/assets/react-def.js']);
    expect(fetches).toEqual(['/config.json']);
    const starter = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    // A literal import, which the byte budget follows (tests/support/bundle-sizes.mjs).
    expect(starter).toContain('import(`/assets/index-abc.js`)');
    expect(starter).toContain('`/assets/react-def.js`');
    expect(starter).toContain('.cover-panel__image');
    expect(starter).toContain('requestAnimationFrame');
    // A resuming page hides Welcome: its cover is not waited for.
    expect(starter).toContain('classList.contains(`resuming`)');
    // Nor when Continue has been pressed (src/first-paint/catch-early-continue.ts): the app is wanted at once.
    expect(starter).toContain(`hasAttribute(\`${EARLY_CONTINUE_ATTRIBUTE}\`)`);
    expect(starter).toContain('addEventListener(`submit`');
    expect(html).not.toMatch(/src="\/assets|<link rel="modulepreload"|<link rel="preload" href="\/config\.json"/);
  });

  it('puts the head script and then the cover preload right after the viewport, ahead of the styles', () => {
    const page = [
      '<head>',
      '<meta charset="UTF-8" />',
      '<meta name="viewport" content="width=device-width" />',
      '<style>.a{}</style>',
      '<link rel="preload" as="image" imagesrcset="/c-480.avif 480w" imagesizes="100vw" type="image/avif" fetchpriority="high">',
      '</head>',
    ].join('\n');
    const html = withHeadFirst(page, 'try{a()}catch(e){}');
    const order = ['<meta name="viewport"', '<script>try{', '<link rel="preload" as="image"', '<style>'].map((needle) => html.indexOf(needle));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);
  });

  it('puts the entry stylesheet into the head, so the first paint waits for no request', () => {
    const html = inlineEntryStyles(built, { 'assets/index-ghi.css': { type: 'asset', source: '.a{color:red}' } });
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).not.toContain('index-ghi.css');
  });
});
