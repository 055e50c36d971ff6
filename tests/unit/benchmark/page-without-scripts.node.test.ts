// @vitest-environment jsdom
// (A test of a benchmark script, so checked with tsconfig.node.json; the function it tests runs in
// the page, so it runs in a DOM.)
// The typing benchmark's second floor is the app's own page copied without anything that runs:
// it must keep what the browser lays out, paints and autofills (styles, labels, form owners) and
// drop every way the copy could run code, without touching the page it is copied from.
import { afterEach, describe, expect, it } from 'vitest';
import { htmlWithoutScripts } from '../../benchmark/page-without-scripts.mjs';

const HEAD = [
  '<meta charset="utf-8"><title>Apply</title>',
  '<link rel="stylesheet" href="/assets/index.css">',
  '<style>.field { display: grid; }</style>',
  '<link rel="modulepreload" href="/assets/wizard.js">',
  '<link rel="preload" as="script" href="/assets/vendor.js">',
  '<script type="module" src="/assets/index.js"></script>',
].join('');

const BODY = [
  '<div id="root"><main>',
  '<div class="field"><label for="full-name">Full Name</label><input id="full-name" form="contact" autocomplete="name" onfocus="track()"></div>',
  '<div class="field"><label for="email">Email</label><input id="email" type="email" form="contact" autocomplete="email"></div>',
  '<button type="button" onclick="next()" onClick="next()">Continue</button>',
  '<script>window.inline = true;</script>',
  '</main></div>',
  '<div hidden><form id="contact"></form></div>',
].join('');

function copied(): Document {
  return new DOMParser().parseFromString(htmlWithoutScripts(), 'text/html');
}

describe('htmlWithoutScripts', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('drops scripts, script preloads and inline event handlers', () => {
    document.head.innerHTML = HEAD;
    document.body.innerHTML = BODY;
    const copy = copied();
    expect(copy.querySelectorAll('script')).toHaveLength(0);
    expect(copy.querySelectorAll('link[rel="modulepreload"], link[as="script"]')).toHaveLength(0);
    const handlers = [...copy.querySelectorAll('*')].flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on')));
    expect(handlers).toEqual([]);
  });

  it('keeps the styles, labels, autofill tokens and form owners the browser works with', () => {
    document.head.innerHTML = HEAD;
    document.body.innerHTML = BODY;
    const copy = copied();
    expect(copy.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/assets/index.css');
    expect(copy.querySelector('style')?.textContent).toBe('.field { display: grid; }');
    const fullName = copy.querySelector<HTMLInputElement>('#full-name');
    expect(fullName?.labels?.[0]?.textContent).toBe('Full Name');
    expect(fullName?.autocomplete).toBe('name');
    expect(fullName?.form?.id).toBe('contact');
    expect([...(copy.querySelector<HTMLFormElement>('#contact')?.elements ?? [])].map((control) => control.id)).toEqual(['full-name', 'email']);
    expect(copy.querySelector('button')?.textContent).toBe('Continue');
    expect(htmlWithoutScripts().startsWith('<!doctype html>')).toBe(true);
  });

  it('shows what the controls hold now, which lives in properties that cloning leaves behind', () => {
    document.body.innerHTML = [
      '<input id="name" value="">',
      '<textarea id="about"></textarea>',
      '<input id="agree" type="checkbox">',
      '<select id="code"><option value="us" selected>US +1</option><option value="gb">GB +44</option></select>',
    ].join('');
    document.querySelector<HTMLInputElement>('#name')!.value = 'Ada';
    document.querySelector<HTMLTextAreaElement>('#about')!.value = 'Curtains';
    document.querySelector<HTMLInputElement>('#agree')!.checked = true;
    document.querySelector<HTMLSelectElement>('#code')!.value = 'gb';
    const copy = copied();
    expect(copy.querySelector<HTMLInputElement>('#name')?.value).toBe('Ada');
    expect(copy.querySelector<HTMLTextAreaElement>('#about')?.value).toBe('Curtains');
    expect(copy.querySelector<HTMLInputElement>('#agree')?.checked).toBe(true);
    expect(copy.querySelector<HTMLSelectElement>('#code')?.value).toBe('gb');
  });

  it('leaves the page it copies as it was', () => {
    document.head.innerHTML = HEAD;
    document.body.innerHTML = BODY;
    const before = document.documentElement.outerHTML;
    htmlWithoutScripts();
    expect(document.documentElement.outerHTML).toBe(before);
    expect(document.querySelectorAll('script')).toHaveLength(2);
  });
});
