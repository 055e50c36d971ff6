import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails if it never does. */
export async function tabTo(user: UserEvent, target: HTMLElement, { shift = false } = {}): Promise<void> {
  for (let presses = 0; presses < 20 && document.activeElement !== target; presses += 1) await user.tab({ shift });
  expect(target).toHaveFocus();
}
