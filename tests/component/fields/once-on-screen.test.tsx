import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnceOnScreen } from '../../../src/fields/once-on-screen';

/** A ResizeObserver the test drives: `resize()` tells every observer its element changed size. */
class DrivenResizeObserver {
  static observers = new Set<DrivenResizeObserver>();
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(): void {
    DrivenResizeObserver.observers.add(this);
  }
  unobserve(): void {}
  disconnect(): void {
    DrivenResizeObserver.observers.delete(this);
  }
  static resize(): void {
    for (const observer of DrivenResizeObserver.observers) observer.callback([], observer);
  }
}

/** jsdom lays nothing out: whether the spot has a box is the test's to say. */
function laidOut(shown: boolean) {
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(() => (shown ? [new DOMRect(0, 0, 300, 0)] : []) as unknown as DOMRectList);
}

describe('OnceOnScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    DrivenResizeObserver.observers.clear();
  });

  it('renders nothing of its children while its step is hidden, and them once it shows, for good', () => {
    vi.stubGlobal('ResizeObserver', DrivenResizeObserver);
    laidOut(false);
    render(
      <OnceOnScreen now={false}>
        <p>the field</p>
      </OnceOnScreen>,
    );
    act(() => {
      DrivenResizeObserver.resize();
    });
    expect(screen.queryByText('the field')).toBeNull();

    laidOut(true);
    act(() => {
      DrivenResizeObserver.resize();
    });
    expect(screen.getByText('the field')).toBeInTheDocument();
    expect(DrivenResizeObserver.observers.size).toBe(0);

    laidOut(false);
    act(() => {
      DrivenResizeObserver.resize();
    });
    expect(screen.getByText('the field')).toBeInTheDocument();
  });

  it('renders its children at once when told to (a draft that already holds files)', () => {
    vi.stubGlobal('ResizeObserver', DrivenResizeObserver);
    laidOut(false);
    render(
      <OnceOnScreen now>
        <p>the field</p>
      </OnceOnScreen>,
    );
    expect(screen.getByText('the field')).toBeInTheDocument();
  });

  it('renders its children at once where there is no ResizeObserver to hear the step show', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    render(
      <OnceOnScreen now={false}>
        <p>the field</p>
      </OnceOnScreen>,
    );
    expect(screen.getByText('the field')).toBeInTheDocument();
  });
});
