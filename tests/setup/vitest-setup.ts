import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { prepareSanitizer } from '../../src/html/sanitize-html';

// jsdom has no ResizeObserver; Headless UI's floating panels need one.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) globalThis.ResizeObserver = ResizeObserverStub;

// jsdom has no HTML Sanitizer API: configured HTML goes through DOMPurify, as in such browsers.
beforeAll(async () => {
  await prepareSanitizer();
});

afterEach(() => {
  cleanup();
});
