import { expect, type Page } from '@playwright/test';
import { fillBasicInfo, fillDetails } from '../../support/default-programme.mjs';

interface CompleteOptions {
  /** Called on each step once it is on screen, before moving on. */
  onStep?: (index: number) => Promise<void>;
  /** Stop on the Details step, filled, without pressing Continue. */
  stopBeforeSubmit?: boolean;
}

/** Walks from Welcome to Creator Hub the way a person would, filling every required field. */
export async function completeApplication(page: Page, { onStep, stopBeforeSubmit }: CompleteOptions = {}): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
  await onStep?.(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
  await fillBasicInfo(page);
  await onStep?.(1);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
  await fillDetails(page);
  await onStep?.(2);
  if (stopBeforeSubmit) return;
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused();
  await onStep?.(3);
}
