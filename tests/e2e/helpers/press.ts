import type { Locator, Page, TestInfo } from '@playwright/test';
import { pressAt } from '../../support/press-at.mjs';

/** Where on a control a person's press lands: its middle, or a few pixels inside its top or bottom edge. */
export type PressSpot = 'middle' | 'near top edge' | 'near bottom edge';

export interface Aim {
  /** The pointer goes down where the control was when aimed at, stays `holdMs`, comes up there. */
  press(holdMs?: number): Promise<void>;
}

/**
 * Aims at a control as a person does, before pressing it: its place is read now, and the press
 * lands there whatever the page does meanwhile. Presses are not `click()`: the pointer goes
 * down, stays down (a thumb or a mouse button takes 100 ms or more), then comes up at the same
 * spot. On the phone project the press is a touch (touchstart … touchend over CDP), elsewhere a
 * mouse press. Nothing waits for the control to be stable or retries: if the page moves the
 * control, the press is lost, as it would be for the person.
 */
export async function aimAt(page: Page, testInfo: TestInfo, control: Locator, { spot = 'near top edge' }: { spot?: PressSpot } = {}): Promise<Aim> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('The control to press is not on the page.');
  const x = box.x + box.width / 2;
  const inset = Math.min(4, box.height / 4);
  const y = spot === 'middle' ? box.y + box.height / 2 : spot === 'near top edge' ? box.y + inset : box.y + box.height - inset;
  const touch = testInfo.project.name === 'phone';
  return {
    async press(holdMs = 120) {
      await pressAt(page, { x, y }, { touch, holdMs });
    },
  };
}

/** Aims at a control and presses it at once, held `holdMs`. */
export async function pressLikeAPerson(
  page: Page,
  testInfo: TestInfo,
  control: Locator,
  { holdMs = 120, spot = 'near top edge' }: { holdMs?: number; spot?: PressSpot } = {},
): Promise<void> {
  const aim = await aimAt(page, testInfo, control, { spot });
  await aim.press(holdMs);
}
