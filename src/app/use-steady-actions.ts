import { useCallback, useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import type { PendingInputs } from '../form/pending-inputs';

/**
 * Makes every press on the step's buttons count. A press is a pointerdown, 100 ms or more, then
 * a pointerup; the browser sends the click only if both land on the button. Three things could
 * move the button in between, each adding or removing an error line above it:
 * - the text box being left: its blur delivers its text and re-checks it. A press on a button
 *   keeps focus where it is instead (Continue delivers and checks every field itself);
 * - the box's own 500 ms delivery firing during the press: held until the press has ended;
 * - a check already under way when the press began, which no holding can stop: a press that
 *   began on the button and ended where the button was is the person's press all the same,
 *   so if no click reached the button, it is clicked for them.
 */

/** Long enough for the click that follows a pointerup, also a touch's, which comes a task later. */
const CLICK_WAIT_MS = 300;

function buttonOf(target: EventTarget): HTMLButtonElement | null {
  return target instanceof Element ? target.closest('button') : null;
}

function inside(rect: DOMRect, x: number, y: number): boolean {
  return x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
}

export function useSteadyActions(pending: PendingInputs) {
  const stopPress = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      stopPress.current?.();
    },
    [],
  );

  const onPointerDown = useCallback(
    (down: PointerEvent) => {
      const target = buttonOf(down.target);
      if (!target || down.button !== 0) return;
      const button: HTMLButtonElement = target;
      stopPress.current?.();
      const pressedAt = button.getBoundingClientRect();
      const release = pending.holdStill();
      let clicked = false;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const onClick = (event: globalThis.MouseEvent) => {
        if (event.target instanceof Node && button.contains(event.target)) clicked = true;
      };
      const stop = () => {
        window.removeEventListener('pointerup', end, true);
        window.removeEventListener('pointercancel', end, true);
        window.removeEventListener('click', onClick, true);
        if (timer !== null) clearTimeout(timer);
        if (stopPress.current === stop) stopPress.current = null;
        release();
      };
      function end(up: globalThis.PointerEvent) {
        if (up.pointerId !== down.pointerId) return;
        window.removeEventListener('pointerup', end, true);
        window.removeEventListener('pointercancel', end, true);
        const landedOnIt = up.type === 'pointerup' && inside(pressedAt, up.clientX, up.clientY);
        timer = setTimeout(() => {
          timer = null;
          if (landedOnIt && !clicked && button.isConnected && !button.disabled) button.click();
          stop();
        }, CLICK_WAIT_MS);
      }
      stopPress.current = stop;
      window.addEventListener('pointerup', end, true);
      window.addEventListener('pointercancel', end, true);
      window.addEventListener('click', onClick, true);
    },
    [pending],
  );

  const onMouseDown = useCallback((event: MouseEvent) => {
    // The default action of mousedown moves focus to the button, which blurs the text box.
    if (buttonOf(event.target)) event.preventDefault();
  }, []);

  return { onPointerDown, onMouseDown };
}
