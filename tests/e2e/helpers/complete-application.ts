import { expect, type Page } from '@playwright/test';

interface CompleteOptions {
  /** Called on each step once it is on screen, before moving on. */
  onStep?: (index: number) => Promise<void>;
}

/** Walks from Welcome to Creator Hub the way a person would, filling every required field. */
export async function completeApplication(page: Page, { onStep }: CompleteOptions = {}): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
  await onStep?.(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
  await onStep?.(1);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
  await onStep?.(2);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused();
  await onStep?.(3);
}
