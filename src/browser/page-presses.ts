import { watchPresses, type PressWatch } from './press-watch';

/**
 * The page's one press watch, made when first asked for: by the first line that comes and goes,
 * drawn from the first render on, before any press it must wait for.
 */
let pageWatch: PressWatch | null = null;

/** The press watch of this page (press-watch.ts). */
export function pagePresses(): PressWatch {
  pageWatch ??= watchPresses(window);
  return pageWatch;
}

/**
 * Runs `run` once no press is under way: at once if none is, else a task after the press has
 * ended, when the lines that waited for it (use-still-while-pressed.ts) have been drawn. For what
 * reads those lines, such as the count of problems after Continue. Returns the way to cancel.
 */
export function whenNotPressed(run: () => void): () => void {
  const presses = pagePresses();
  if (!presses.pressed()) {
    run();
    return () => undefined;
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = presses.subscribe(() => {
    if (presses.pressed()) return;
    stop();
    timer = setTimeout(run, 0);
  });
  return () => {
    stop();
    if (timer !== null) clearTimeout(timer);
  };
}
