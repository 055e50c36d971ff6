// A person's press at one spot of the page, shared by the end-to-end suite (tests/e2e/helpers/press.ts)
// and the benchmark (plain JavaScript, since Node 20 cannot import TypeScript).

/**
 * The pointer goes down at (x, y), stays down `holdMs` (a thumb or a mouse button takes 100 ms or
 * more), then comes up at the same spot: a touch (touchstart … touchend over CDP) with `touch`,
 * else a mouse press. Nothing waits for the page: if it moves the control meanwhile, the press is
 * lost, as it would be for the person. With `hold`, the pointer stays down until it resolves
 * instead (a press timed to span something the page does meanwhile).
 * @param {import('@playwright/test').Page} page
 * @param {{ x: number, y: number }} spot
 * @param {{ touch: boolean, holdMs?: number, hold?: () => Promise<unknown> }} how
 */
export async function pressAt(page, { x, y }, { touch, holdMs = 120, hold = () => page.waitForTimeout(holdMs) }) {
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await hold();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  await hold();
  await page.mouse.up();
}
