import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARRIED_CONTINUE_KEY, EARLY_CONTINUE_ATTRIBUTE, RESUMING_CLASS } from '../../../src/first-paint/page-marks';
import { startApp } from '../../../src/first-paint/start-app';

/** index.html's Welcome, its cover not loaded yet, and a page whose reload is recorded. */
function drawWelcome(): { page: Window; reload: ReturnType<typeof vi.fn> } {
  document.documentElement.className = '';
  document.documentElement.removeAttribute(EARLY_CONTINUE_ATTRIBUTE);
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<div id="root"><div class="prerendered"><img class="cover-panel__image"><form aria-busy="true"><p role="alert"></p><button type="submit" aria-disabled="true">Continue</button></form></div></div>';
  // A cover still loading: complete is false until its load event.
  Object.defineProperty(document.querySelector('img'), 'complete', { value: false });
  const reload = vi.fn();
  const page = new Proxy(window, { get: (target, name) => (name === 'location' ? { reload } : (Reflect.get(target, name, target) as unknown)) });
  return { page, reload };
}

describe('startApp', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it("loads the app once the cover has loaded, after preloading config.json and the entry's imports", async () => {
    const { page } = drawWelcome();
    const load = vi.fn(() => Promise.resolve());
    const started = startApp(load, ['/assets/react.js'], ['/config.json'], 'Failed', page);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    document.querySelector('img')?.dispatchEvent(new Event('load'));
    await started;
    expect(load).toHaveBeenCalledOnce();
    expect([...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href')])).toEqual([
      ['preload', '/config.json'],
      ['modulepreload', '/assets/react.js'],
    ]);
  });

  it('does not wait for the cover when the page is resuming', async () => {
    const { page } = drawWelcome();
    document.documentElement.classList.add(RESUMING_CLASS);
    const load = vi.fn(() => Promise.resolve());
    await startApp(load, [], [], 'Failed', page);
    expect(load).toHaveBeenCalledOnce();
  });

  it("when the app's code cannot be fetched, says so on Welcome, and the next Continue reloads carrying the press", async () => {
    const { page, reload } = drawWelcome();
    document.documentElement.setAttribute(EARLY_CONTINUE_ATTRIBUTE, '');
    await startApp(() => Promise.reject(new Error('offline')), [], [], 'The form could not be loaded.', page);
    expect(document.querySelector('[role=alert]')?.textContent).toBe('The form could not be loaded.');
    expect(document.documentElement.hasAttribute(EARLY_CONTINUE_ATTRIBUTE)).toBe(false);
    expect(document.querySelector('form')?.hasAttribute('aria-busy')).toBe(false);
    expect(document.querySelector('button')?.getAttribute('aria-disabled')).toBe('false');
    document.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(sessionStorage.getItem(CARRIED_CONTINUE_KEY)).toBe('1');
    expect(reload).toHaveBeenCalledOnce();
  });
});
