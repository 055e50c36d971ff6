import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmText, warmTextOnceFound } from '../../../src/browser/warm-text';

/** Records what the warm-up measures, in which font; jsdom has no OffscreenCanvas of its own. */
function fakeOffscreenCanvas() {
  const measured: string[] = [];
  class FakeOffscreenCanvas {
    getContext() {
      return {
        font: '',
        measureText(this: { font: string }, text: string) {
          measured.push(`${this.font}|${text}`);
          return { width: text.length };
        },
      };
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return measured;
}

/** Idle slices run one at a time, by hand, each with the time the test gives it. */
function manualIdle() {
  const queue: Array<(deadline: { timeRemaining(): number }) => void> = [];
  const idle = (work: (deadline: { timeRemaining(): number }) => void) => {
    queue.push(work);
    return () => {
      queue.splice(queue.indexOf(work), 1);
    };
  };
  const runSlice = (ms = 50) => {
    const work = queue.shift();
    work?.({ timeRemaining: () => ms });
    return work !== undefined;
  };
  return { idle, runSlice, pending: () => queue.length };
}

function hiddenStep(): HTMLElement {
  const step = document.createElement('div');
  step.style.display = 'none';
  step.innerHTML = `<h1 style="font-weight: 700; font-size: 22px">Basic Info</h1>
    <label style="font-size: 15px">Full Name</label><input placeholder="Jane Doe">
    <label style="font-size: 15px">Full Name</label>`;
  document.body.append(step);
  return step;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('warmText', () => {
  it("measures each word of a hidden element's text once per font, and a text box's placeholder in its own font", () => {
    const measured = fakeOffscreenCanvas();
    const { idle, runSlice } = manualIdle();
    warmText(hiddenStep(), idle);
    while (runSlice()) {
      // every slice until the walk is done
    }
    const fonts = new Set(measured.map((entry) => entry.split('|')[0]));
    expect(fonts.size).toBeGreaterThanOrEqual(2);
    expect(measured.filter((entry) => entry.endsWith('|Basic'))).toHaveLength(1);
    expect(measured.find((entry) => entry.endsWith('|Basic'))).toMatch(/ 700 22px /);
    // "Full Name" twice in one font is measured once.
    expect(measured.filter((entry) => entry.endsWith('|Full'))).toHaveLength(1);
    expect(measured.some((entry) => entry.endsWith('|Jane'))).toBe(true);
  });

  it('gives the page back when a slice runs out of time, and goes on in the next', () => {
    const measured = fakeOffscreenCanvas();
    const { idle, runSlice, pending } = manualIdle();
    warmText(hiddenStep(), idle);
    runSlice(0);
    const afterFirst = measured.length;
    expect(pending()).toBe(1);
    while (runSlice()) {
      // the rest
    }
    expect(measured.length).toBeGreaterThan(afterFirst);
  });

  it('gives the page back in the middle of a long paragraph, checking its time after each word', () => {
    const measured = fakeOffscreenCanvas();
    // Each word takes a millisecond to measure, by this clock.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const { idle, runSlice, pending } = manualIdle();
    const step = document.createElement('div');
    step.innerHTML = `<p>${Array.from({ length: 200 }, (_, index) => `word${String(index)}`).join(' ')}</p>`;
    document.body.append(step);
    warmText(step, idle);
    const measure = measured.push.bind(measured);
    vi.spyOn(measured, 'push').mockImplementation((...entries) => {
      now += 1;
      return measure(...entries);
    });
    runSlice();
    // A slice of 4 ms: four words, not the paragraph.
    expect(measured).toHaveLength(4);
    expect(pending()).toBe(1);
    while (runSlice()) {
      // the rest
    }
    expect(measured).toHaveLength(200);
  });

  it('stops when told to (the step was shown)', () => {
    const measured = fakeOffscreenCanvas();
    const { idle, runSlice, pending } = manualIdle();
    const stop = warmText(hiddenStep(), idle);
    stop();
    expect(pending()).toBe(0);
    expect(runSlice()).toBe(false);
    expect(measured).toEqual([]);
  });

  it('does nothing where there is no OffscreenCanvas', () => {
    const { idle, pending } = manualIdle();
    warmText(hiddenStep(), idle);
    expect(pending()).toBe(0);
  });
});

describe('warmTextOnceFound', () => {
  it('looks again while the element is not in the page yet, then warms it', () => {
    const measured = fakeOffscreenCanvas();
    const { idle, runSlice } = manualIdle();
    let step: HTMLElement | null = null;
    warmTextOnceFound(() => step, idle);
    runSlice();
    expect(measured).toEqual([]);
    step = hiddenStep();
    while (runSlice()) {
      // looks, then slices
    }
    expect(measured.some((entry) => entry.endsWith('|Info'))).toBe(true);
  });

  it('gives up after a bounded number of looks', () => {
    fakeOffscreenCanvas();
    const { idle, runSlice } = manualIdle();
    warmTextOnceFound(() => null, idle);
    let looks = 0;
    while (runSlice()) looks += 1;
    expect(looks).toBe(20);
  });
});
