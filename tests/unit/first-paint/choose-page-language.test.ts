import { afterEach, describe, expect, it, vi } from 'vitest';
import { choosePageLanguage } from '../../../src/first-paint/choose-page-language';
import { CHOOSING_CLASS, LANGUAGE_ATTRIBUTE, LOAD_FAILED_ATTRIBUTE } from '../../../src/first-paint/page-marks';
import { swapPageLanguage } from '../../../src/first-paint/swap-page-language';
import { LANGUAGE_CHOICE_KEY } from '../../../src/storage/language-choice';

/** index.html as the build writes it for a programme in English (drawn) and French (in a template). */
function drawPage(): void {
  document.documentElement.lang = 'en';
  document.documentElement.className = '';
  document.documentElement.removeAttribute(LANGUAGE_ATTRIBUTE);
  document.title = 'Apply';
  document.body.innerHTML = [
    '<div id="root"><p class="boot-message">Loading the application…</p><div class="prerendered"><h1>Welcome</h1></div></div>',
    '<template data-language="fr" data-title="Postuler" data-loading="Chargement…" data-load-failed="Échec"><div class="prerendered"><h1>Bienvenue</h1></div></template>',
  ].join('');
}

const chooseInHead = () => {
  choosePageLanguage(['en', 'fr'], { en: 'ltr', fr: 'ltr' });
};

describe('choosing the language before the first paint', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
    history.replaceState(null, '', '/');
  });

  it('leaves a page in the default language as it was drawn', () => {
    drawPage();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    chooseInHead();
    swapPageLanguage();
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('h1')?.textContent).toBe('Welcome');
    expect(document.documentElement.classList.contains(CHOOSING_CLASS)).toBe(false);
  });

  it('swaps in the French Welcome, loading line and title for a browser in fr-CA', () => {
    drawPage();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    chooseInHead();
    // Between the two scripts #root is hidden, so the drawn English is never painted.
    expect(document.documentElement.classList.contains(CHOOSING_CLASS)).toBe(true);
    expect(document.documentElement.lang).toBe('fr');
    swapPageLanguage();
    expect(document.documentElement.classList.contains(CHOOSING_CLASS)).toBe(false);
    expect([...document.querySelectorAll('#root h1')].map((heading) => heading.textContent)).toEqual(['Bienvenue']);
    expect(document.querySelector('.boot-message')?.textContent).toBe('Chargement…');
    expect(document.title).toBe('Postuler');
    expect(document.documentElement.getAttribute(LOAD_FAILED_ATTRIBUTE)).toBe('Échec');
  });

  it('follows the remembered choice over the browser, and a ?lang= link over both, taking it off the address', () => {
    drawPage();
    localStorage.setItem(LANGUAGE_CHOICE_KEY, 'fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    chooseInHead();
    expect(document.documentElement.lang).toBe('fr');

    drawPage();
    history.replaceState(null, '', '/?lang=en&utm_source=mail');
    chooseInHead();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe('en');
    expect(window.location.search).toBe('?utm_source=mail');
  });

  it('shows #root again even when the template is missing', () => {
    drawPage();
    document.querySelector('template')?.remove();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr']);
    chooseInHead();
    swapPageLanguage();
    expect(document.documentElement.classList.contains(CHOOSING_CLASS)).toBe(false);
    expect(document.querySelector('h1')?.textContent).toBe('Welcome');
  });
});
