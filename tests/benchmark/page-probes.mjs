// Scripts the benchmark installs in the page with `addInitScript`, before any of the app's own
// code runs. Playwright sends each function's source to the page, so each one is
// self-contained: no imports, no module-level values.
/* global window, document, performance, requestAnimationFrame, MessageChannel, MutationObserver, IDBObjectStore, PerformanceObserver -- these functions run in the page */

/**
 * @typedef {object} ReadyTarget
 * @property {string} heading          the step heading's text
 * @property {string | null} button    an enabled button with this text must be there too (null: the heading is enough)
 */

/**
 * @typedef {object} ReadyMark
 * @property {number} domAt            ms since navigation start when heading and button were in the DOM
 * @property {number | null} paintedAt after the frame that showed them (rAF, then one task)
 */

/**
 * @typedef {object} KeyMark
 * @property {string} key
 * @property {number} timeStamp        the keydown event's timeStamp
 * @property {number} handlersMs       time in the event handlers of keydown, keypress, beforeinput, input and keyup
 * @property {number | null} frameAt   when the next frame's requestAnimationFrame callbacks ran
 * @property {number | null} paintedAt after that frame's rendering (the first task after it)
 * @property {Record<string, number>} open capture-phase start of each event type being handled
 */

/** @typedef {{ at: number, method: string, store: string }} WriteMark */
/** @typedef {{ target: string, clickAt: number | null, domAt: number | null, paintedAt: number | null }} StepMark */
/** @typedef {{ name: string, startTime: number, duration: number, processingStart: number, processingEnd: number, interactionId: number }} EventMark */
/** @typedef {{ startTime: number, duration: number, blockingDuration: number, scriptMs: number, styleAndLayoutMs: number, renderMs: number }} FrameMark */
/** @typedef {{ startTime: number, element: string }} LargestPaintMark */

/**
 * @typedef {Window & typeof globalThis & {
 *   __benchReady?: ReadyMark,
 *   __benchStep?: StepMark,
 *   __benchWrites?: WriteMark[],
 *   __benchKeys?: KeyMark[],
 *   __benchEvents?: EventMark[],
 *   __benchFrames?: FrameMark[],
 *   __benchLargestPaint?: LargestPaintMark,
 * }} BenchWindow
 */

/**
 * Records when a step is interactive: its heading and (optionally) an enabled button are in
 * the DOM, then when the frame showing them has been rendered. Mutation observer callbacks run
 * right after React commits, so the moment is not delayed by polling.
 */
export function readyProbe(/** @type {ReadyTarget} */ target) {
  const bench = /** @type {BenchWindow} */ (window);
  const normal = (/** @type {string | null} */ value) => (value ?? '').replace(/\s+/g, ' ').trim();
  const ready = () => {
    const headings = document.querySelectorAll('h1, h2, h3, h4, [role="heading"]');
    if (!Array.from(headings).some((heading) => normal(heading.textContent) === target.heading)) return false;
    if (target.button === null) return true;
    return Array.from(document.querySelectorAll('button')).some(
      // The Welcome index.html carries only catches a press until it gives way to the app: not the app's yet.
      (button) =>
        normal(button.textContent) === target.button && !button.disabled && button.getAttribute('aria-disabled') !== 'true' && !button.closest('.prerendered'),
    );
  };
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    /** @type {ReadyMark} */
    const mark = { domAt: performance.now(), paintedAt: null };
    bench.__benchReady = mark;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        mark.paintedAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['disabled', 'aria-disabled'] });
}

/**
 * Times one step change (run with page.evaluate just before the press): from the next click's
 * timeStamp to the first task after the frame that shows a label, legend or heading with the
 * text `target` inside the step (the prerendered Welcome does not count). Steps already
 * drawn are kept in the DOM, hidden (display: none), so the element must be rendered, not merely
 * present; showing a hidden step changes only a style attribute, so attributes are observed too.
 */
export function stepChangeProbe(/** @type {{ target: string }} */ { target }) {
  const bench = /** @type {BenchWindow} */ (window);
  /** @type {StepMark} */
  const mark = { target, clickAt: null, domAt: null, paintedAt: null };
  bench.__benchStep = mark;
  const normal = (/** @type {string | null} */ value) => (value ?? '').replace(/\s+/g, ' ').trim();
  const shown = () =>
    Array.from(document.querySelectorAll('.step label, .step legend, .step h1, .step h2')).some(
      (element) => normal(element.textContent) === target && !element.closest('.prerendered') && element.getClientRects().length > 0,
    );
  document.addEventListener(
    'click',
    (event) => {
      mark.clickAt = event.timeStamp;
    },
    { capture: true, once: true },
  );
  const observer = new MutationObserver(() => {
    if (mark.clickAt === null || !shown()) return;
    observer.disconnect();
    mark.domAt = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        mark.paintedAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['style', 'hidden', 'class'] });
}

/** Counts IndexedDB writes: every put, add, delete and clear on any object store of the page. */
export function writeCounter() {
  const bench = /** @type {BenchWindow} */ (window);
  /** @type {WriteMark[]} */
  const writes = [];
  bench.__benchWrites = writes;
  const prototype = /** @type {Record<string, (...args: unknown[]) => unknown>} */ (/** @type {unknown} */ (IDBObjectStore.prototype));
  for (const method of ['put', 'add', 'delete', 'clear']) {
    const original = prototype[method];
    if (!original) continue;
    prototype[method] = function (/** @type {unknown[]} */ ...args) {
      writes.push({ at: performance.now(), method, store: /** @type {IDBObjectStore} */ (/** @type {unknown} */ (this)).name });
      return original.apply(this, args);
    };
  }
}

/**
 * Times every trusted keystroke: the time its handlers take (a window capture listener, the
 * first to run, to a window bubble listener, the last), and keydown to the first task after the
 * next frame, which is when the typed character is on screen. Event Timing only reports events
 * of 16 ms or more and Long Animation Frames only frames of 50 ms or more, so both are kept as
 * a cross-check of the slow ones.
 */
export function keystrokeProbe() {
  const bench = /** @type {BenchWindow} */ (window);
  /** @type {KeyMark[]} */
  const keys = [];
  /** @type {EventMark[]} */
  const events = [];
  /** @type {FrameMark[]} */
  const frames = [];
  bench.__benchKeys = keys;
  bench.__benchEvents = events;
  bench.__benchFrames = frames;
  /** @type {KeyMark | null} */
  let current = null;
  for (const type of ['keydown', 'keypress', 'beforeinput', 'input', 'keyup']) {
    window.addEventListener(
      type,
      (event) => {
        if (!event.isTrusted) return;
        if (type === 'keydown') {
          /** @type {KeyMark} */
          const mark = { key: /** @type {KeyboardEvent} */ (event).key, timeStamp: event.timeStamp, handlersMs: 0, frameAt: null, paintedAt: null, open: {} };
          current = mark;
          keys.push(mark);
          requestAnimationFrame(() => {
            mark.frameAt = performance.now();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              mark.paintedAt = performance.now();
            };
            channel.port2.postMessage(null);
          });
        }
        if (current) current.open[type] = performance.now();
      },
      { capture: true },
    );
    window.addEventListener(type, (event) => {
      const start = current?.open[type];
      if (!event.isTrusted || !current || start === undefined) return;
      current.handlersMs += performance.now() - start;
    });
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of /** @type {PerformanceEventTiming[]} */ (list.getEntries())) {
        const { name, startTime, duration, processingStart, processingEnd, interactionId } = entry;
        events.push({ name, startTime, duration, processingStart, processingEnd, interactionId });
      }
    }).observe(/** @type {PerformanceObserverInit} */ ({ type: 'event', durationThreshold: 16, buffered: true }));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // PerformanceLongAnimationFrameTiming is not in TypeScript's DOM types yet.
        const frame = /** @type {{ blockingDuration?: number, renderStart?: number, styleAndLayoutStart?: number, scripts?: Array<{ duration: number }> }} */ (
          /** @type {unknown} */ (entry)
        );
        const end = entry.startTime + entry.duration;
        const renderStart = frame.renderStart || end;
        const styleAndLayoutStart = frame.styleAndLayoutStart || end;
        frames.push({
          startTime: entry.startTime,
          duration: entry.duration,
          blockingDuration: frame.blockingDuration ?? 0,
          scriptMs: (frame.scripts ?? []).reduce((sum, script) => sum + script.duration, 0),
          styleAndLayoutMs: end - styleAndLayoutStart,
          renderMs: end - renderStart,
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // An older Chromium without one of these entry types: the probe's own timings still hold.
  }
}

/**
 * Keeps the page's latest Largest Contentful Paint candidate (the LCP so far: Chromium reports a
 * new one only when a larger element is painted, and stops at the first input), with its element
 * as `tag.class`.
 */
export function largestPaintProbe() {
  const bench = /** @type {BenchWindow} */ (window);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // LargestContentfulPaint is in TypeScript's DOM types, but not its `element` as an Element of this page.
      const element = /** @type {{ element?: Element | null }} */ (/** @type {unknown} */ (entry)).element;
      bench.__benchLargestPaint = {
        startTime: entry.startTime,
        element: element ? `${element.tagName.toLowerCase()}${element.classList.length ? `.${Array.from(element.classList).join('.')}` : ''}` : '?',
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Resolves with the ready mark once the frame that showed the step has been rendered. */
export async function waitUntilReady(/** @type {import('@playwright/test').Page} */ page, timeout = 30_000) {
  const handle = await page.waitForFunction(
    () => {
      const mark = /** @type {BenchWindow} */ (window).__benchReady;
      return mark?.paintedAt ? mark : null;
    },
    undefined,
    { timeout, polling: 20 },
  );
  return /** @type {ReadyMark} */ (await handle.jsonValue());
}
