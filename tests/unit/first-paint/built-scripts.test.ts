import { readFile } from 'node:fs/promises';
import { JSDOM, VirtualConsole } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { headScript, languageSwapScript } from '../../../scripts/first-paint-scripts';
import { withHeadFirst, withPrerenderedWelcome } from '../../../scripts/prerender-welcome';
import { parseConfigText } from '../../../src/config/parse-config';
import {
  CARRIED_CONTINUE_KEY,
  CHOOSING_CLASS,
  EARLY_CONTINUE_ATTRIBUTE,
  LANGUAGE_ATTRIBUTE,
  LOAD_FAILED_ATTRIBUTE,
  RESUME_FRAGMENT_STASH,
  RESUMING_CLASS,
} from '../../../src/first-paint/page-marks';
import type { PrerenderedWelcome } from '../../../src/prerender/prerendered-welcome';
import { LANGUAGE_CHOICE_KEY } from '../../../src/storage/language-choice';
import { RESUME_HINT_KEY } from '../../../src/storage/resume-hint';

// The first-paint scripts as the build compiles them (ES2015, minified, imports inlined), in
// index.html as the build writes it, run by a DOM while the page is parsed, as a browser runs them.

const ORIGIN = 'https://apply.example';
let indexHtml = '';
let configText = '';

beforeAll(async () => {
  [indexHtml, configText] = await Promise.all([readFile('index.html', 'utf8'), readFile('public/config.json', 'utf8')]);
});

function welcome(lang: string, heading: string, title: string, loading: string): PrerenderedWelcome {
  const parsed = parseConfigText(configText);
  if (!parsed.ok) throw new Error('the default config.json is not valid');
  return {
    markup: `<form><h1>${heading}</h1><button type="submit" aria-disabled="false">Continue</button></form>`,
    title,
    lang,
    words: { loading, needsScript: 'JavaScript', loadFailed: `${lang}: failed` },
    checked: { config: { ...parsed.config, title }, unknownKeys: parsed.unknownKeys },
  };
}

/** index.html as the build writes it: in English only, or in English (drawn) and French. */
async function builtPage(languages: 'en' | 'en+fr'): Promise<string> {
  const english = welcome('en', 'Welcome', 'Apply', 'Loading…');
  const others = languages === 'en+fr' ? [welcome('fr', 'Bienvenue', 'Postuler', 'Chargement…')] : [];
  const swap = others.length > 0 ? await languageSwapScript() : '';
  return withHeadFirst(withPrerenderedWelcome(indexHtml, english, 'abc123', others, swap), await headScript(languages === 'en+fr' ? ['en', 'fr'] : []));
}

/** The page opened at `path`, its storage set as `before` says, its scripts run while it is parsed. */
function open(html: string, path = '/', before: (window: JSDOM['window']) => void = () => undefined): JSDOM['window'] {
  // A script that does not parse or throws is reported here, not thrown.
  const errors: unknown[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => errors.push(error));
  const dom = new JSDOM(html, { url: `${ORIGIN}${path}`, runScripts: 'dangerously', beforeParse: before, virtualConsole });
  expect(errors).toEqual([]);
  return dom.window;
}

describe('the built first-paint scripts, run in a page', () => {
  it('leave a first visit on Welcome, and catch a press of Continue until the app runs', async () => {
    const page = open(await builtPage('en'));
    const root = page.document.documentElement;
    expect(root.classList.contains(RESUMING_CLASS)).toBe(false);
    const form = page.document.querySelector('.prerendered form');
    expect(form?.dispatchEvent(new page.Event('submit', { bubbles: true, cancelable: true }))).toBe(false);
    expect(root.hasAttribute(EARLY_CONTINUE_ATTRIBUTE)).toBe(true);
    expect(form?.getAttribute('aria-busy')).toBe('true');
    expect(form?.querySelector('button')?.getAttribute('aria-disabled')).toBe('true');
  });

  it('turn a press carried across a reload back into the mark, once', async () => {
    const page = open(await builtPage('en'), '/', (window) => {
      window.sessionStorage.setItem(CARRIED_CONTINUE_KEY, '1');
    });
    expect(page.document.documentElement.hasAttribute(EARLY_CONTINUE_ATTRIBUTE)).toBe(true);
    expect(page.sessionStorage.getItem(CARRIED_CONTINUE_KEY)).toBeNull();
  });

  it('hide Welcome when the device holds an application', async () => {
    const page = open(await builtPage('en'), '/', (window) => {
      window.localStorage.setItem(RESUME_HINT_KEY, '1');
    });
    expect(page.document.documentElement.classList.contains(RESUMING_CLASS)).toBe(true);
  });

  it('take a resume link off the address before anything else, keeping it for the app', async () => {
    const page = open(await builtPage('en'), '/partners/?x=1#resume=abc.def');
    expect((page as unknown as Record<string, unknown>)[RESUME_FRAGMENT_STASH]).toBe('#resume=abc.def');
    expect(page.location.href).toBe(`${ORIGIN}/partners/?x=1`);
    expect(page.document.documentElement.classList.contains(RESUMING_CLASS)).toBe(true);
  });

  it('open a programme in several languages in the one a link asks for, its Welcome, title and words swapped in', async () => {
    const page = open(await builtPage('en+fr'), '/?lang=fr&utm=1');
    const root = page.document.documentElement;
    expect(root.getAttribute(LANGUAGE_ATTRIBUTE)).toBe('fr');
    expect(root.lang).toBe('fr');
    expect(root.classList.contains(CHOOSING_CLASS)).toBe(false);
    expect([...page.document.querySelectorAll('#root h1')].map((heading) => heading.textContent)).toEqual(['Bienvenue']);
    expect(page.document.title).toBe('Postuler');
    expect(page.document.querySelector('.boot-message')?.textContent).toBe('Chargement…');
    expect(root.getAttribute(LOAD_FAILED_ATTRIBUTE)).toBe('fr: failed');
    expect(page.location.search).toBe('?utm=1');
    expect(page.localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe('fr');
  });

  it('leave a page in the language it was drawn in as it was', async () => {
    const page = open(await builtPage('en+fr'), '/?lang=en');
    const root = page.document.documentElement;
    expect(root.getAttribute(LANGUAGE_ATTRIBUTE)).toBe('en');
    expect(root.lang).toBe('en');
    expect(root.classList.contains(CHOOSING_CLASS)).toBe(false);
    expect(page.document.title).toBe('Apply');
  });
});
