import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { prepareSanitizer } from '../../src/html/sanitize-html';

// jsdom lays nothing out, so it has no scrollIntoView; a select brings its highlighted option into view.
if (typeof Element !== 'undefined' && typeof (Element.prototype as Partial<Element>).scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView(): void {};
}

// jsdom has no HTML Sanitizer API: configured HTML goes through DOMPurify, as in such browsers.
beforeAll(async () => {
  await prepareSanitizer();
});

afterEach(() => {
  cleanup();
});
