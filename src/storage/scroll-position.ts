/**
 * Where the creator was on the page: the step and how far down it they had scrolled. Not
 * personal, so it lives in localStorage, beside the draft rather than in it: it changes with
 * every scroll, and must be written synchronously as the page goes away. It outlives a reload
 * and a reopened installed app; a position on another step than the one opened is ignored.
 */
const KEY = 'creator-wizard:scroll';

export interface ScrollPosition {
  step: number;
  y: number;
}

function isScrollPosition(value: unknown): value is ScrollPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { step, y } = value as Record<string, unknown>;
  return Number.isInteger(step) && typeof y === 'number' && Number.isFinite(y) && y >= 0;
}

export function writeScrollPosition(position: ScrollPosition): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(position));
  } catch {
    // Storage full or blocked: the page opens at the step's start instead.
  }
}

/** The stored position, if there is a readable one. */
export function readScrollPosition(): ScrollPosition | undefined {
  try {
    const text = localStorage.getItem(KEY);
    const value = text === null ? undefined : (JSON.parse(text) as unknown);
    return isScrollPosition(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
