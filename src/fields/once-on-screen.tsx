import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` from the moment this spot is on screen (laid out: its step is the one
 * showing), or at once when `now` says so, and keeps them from then on. The wizard builds the
 * step after the current one ahead, hidden (display: none), so that Continue mounts nothing;
 * a part whose code is a chunk of its own (the file field) would have that chunk fetched while a
 * creator is still two steps away. Until then a block with no height stands in: a hidden step has
 * no box at all, and a shown one gives the block its width, which a ResizeObserver hears.
 */
export function OnceOnScreen({ now, children }: { now: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(now);
  const spot = useRef<HTMLDivElement>(null);
  const show = seen || now;

  useEffect(() => {
    if (show) return undefined;
    const element = spot.current;
    // Without ResizeObserver (old engines, jsdom) there is no way to hear the step show: render now.
    if (!element || typeof ResizeObserver !== 'function') {
      setSeen(true);
      return undefined;
    }
    const observer = new ResizeObserver(() => {
      if (element.getClientRects().length > 0) setSeen(true);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [show]);

  return show ? children : <div ref={spot} aria-hidden="true" />;
}
