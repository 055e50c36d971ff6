/**
 * Readies the browser to draw text that is in the page but not shown yet (a step built hidden
 * behind the one on screen), in idle slices, so that showing it does not wait for fonts.
 *
 * Why: a hidden step is `display: none`, so it is never laid out until the press that shows it.
 * That layout then set up every font the step uses (on Linux, each size and weight looked up
 * through the font stack) and shaped every word for the first time: at 4x CPU, about 30 ms of
 * font set-up and 26 ms of shaping inside the first Continue from Welcome, a fifth of the press.
 * Measuring the same words in the same fonts on an OffscreenCanvas goes through the same font
 * cache and shaper: after it the press spent 0-1 ms on fonts and 2-9 ms shaping
 * (tests/benchmark/trace-main-thread.mjs).
 * It changes nothing on the page and does nothing where there is no OffscreenCanvas.
 */

/** Longest an idle slice is used for, so a tap meanwhile is answered at once. */
const SLICE_MS = 4;
/** A large configured step measures no more than this many words. */
const MAX_WORDS = 1500;

interface IdleDeadlineLike {
  timeRemaining(): number;
}

type IdleScheduler = (work: (deadline: IdleDeadlineLike) => void) => () => void;

// Not browser/when-idle.ts: slicing needs each idle period's deadline, and a warm-up that never
// finds an idle moment is not worth forcing with a timeout.
const browserIdle: IdleScheduler = (work) => {
  // Safari has no requestIdleCallback: short timer slices instead.
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(() => {
      const end = performance.now() + SLICE_MS;
      work({ timeRemaining: () => end - performance.now() });
    }, 50);
    return () => {
      clearTimeout(timer);
    };
  }
  const handle = window.requestIdleCallback(work);
  return () => {
    window.cancelIdleCallback(handle);
  };
};

/** The canvas font shorthand for an element's computed font. */
function canvasFont(style: CSSStyleDeclaration): string {
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/**
 * Warms the font cache and the shaper for the text and form controls under `root`. Returns a
 * function that stops it (the step was shown, or went away).
 */
export function warmText(root: Element, idle: IdleScheduler = browserIdle): () => void {
  // An OffscreenCanvas of the page's thread shares its font cache and shaper, and unlike a
  // canvas element is simply absent where it cannot draw (jsdom, older browsers).
  const context = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
  if (!context) return () => undefined;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const fontOfElement = new WeakMap<Element, string>();
  const measured = new Set<string>();
  let cancel: () => void = () => undefined;

  const fontOf = (element: Element): string => {
    let font = fontOfElement.get(element);
    if (font === undefined) {
      font = canvasFont(getComputedStyle(element));
      fontOfElement.set(element, font);
    }
    return font;
  };
  // Words still to measure, in their fonts: a node's text is queued whole, then measured a word
  // at a time, so a long paragraph (or a font's first set-up) does not run a slice over its time.
  const queue: Array<{ font: string; word: string }> = [];
  const enqueue = (font: string, text: string) => {
    for (const word of text.split(/\s+/)) {
      const key = `${font}\n${word}`;
      if (word === '' || measured.has(key) || measured.size >= MAX_WORDS) continue;
      measured.add(key);
      queue.push({ font, word });
    }
  };

  const slice = (deadline: IdleDeadlineLike) => {
    const end = performance.now() + Math.min(SLICE_MS, deadline.timeRemaining());
    for (;;) {
      const next = queue.shift();
      if (next) {
        if (context.font !== next.font) context.font = next.font;
        context.measureText(next.word);
      } else {
        const node = walker.nextNode();
        if (!node || measured.size >= MAX_WORDS) return;
        if (node instanceof Text) {
          if (node.parentElement) enqueue(fontOf(node.parentElement), node.data);
        } else if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
          // A text box draws its own text (typed later, or a placeholder) in its own font.
          enqueue(fontOf(node), node.placeholder || node.value || 'a');
        }
      }
      if (performance.now() >= end) {
        cancel = idle(slice);
        return;
      }
    }
  };
  cancel = idle(slice);
  return () => {
    cancel();
  };
}

/** Idle rounds to wait for the element to be in the page before giving up. */
const MAX_LOOKS = 20;

/**
 * Warms the text of the element `find` returns once it is in the page: content built hidden is
 * committed by React after the render that asked for it, at idle priority.
 */
export function warmTextOnceFound(find: () => Element | null, idle: IdleScheduler = browserIdle): () => void {
  let stop: () => void = () => undefined;
  let looks = 0;
  const look = () => {
    looks += 1;
    const element = find();
    if (element) stop = warmText(element, idle);
    else if (looks < MAX_LOOKS) stop = idle(look);
  };
  stop = idle(look);
  return () => {
    stop();
  };
}
