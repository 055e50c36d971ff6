import { afterEach, expect, it } from 'vitest';
import { LANGUAGE_ATTRIBUTE } from '../../../src/first-paint/page-marks';
import { pageLanguage } from '../../../src/boot/page-language';
import { LANGUAGE_CHOICE_KEY } from '../../../src/storage/language-choice';

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(LANGUAGE_ATTRIBUTE);
  history.replaceState(null, '', '/');
});

it('keeps to the choice index.html made before the first paint', () => {
  document.documentElement.setAttribute(LANGUAGE_ATTRIBUTE, 'fr');
  expect(pageLanguage(['en', 'fr'], ['en-US'])).toBe('fr');
});

it('takes a ?lang= link, remembers it and takes it off the address', () => {
  history.replaceState(null, '', '/?lang=fr#top');
  expect(pageLanguage(['en', 'fr'], ['en-US'])).toBe('fr');
  expect(localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe('fr');
  expect(window.location.search).toBe('');
  expect(window.location.hash).toBe('#top');
});

it('does not remember a language the programme does not offer', () => {
  history.replaceState(null, '', '/?lang=de');
  expect(pageLanguage(['en', 'fr'], ['fr-CA'])).toBe('fr');
  expect(localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBeNull();
});
