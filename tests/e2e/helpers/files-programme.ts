import { expect, type Locator, type Page } from '@playwright/test';
import { answer, choose, fillBasicInfo } from '../../support/default-programme.mjs';

/**
 * The steps of the example programme that asks for files (docs/examples/config.files.json), as a
 * creator takes them: room photos (required) and a PDF media kit on the Details step.
 */

export const PHOTOS = 'Photos of the rooms you would photograph';
export const MEDIA_KIT = 'Your media kit';
export const THANKS = { name: 'Thank you for applying!' } as const;

/** Welcome, then Basic Info filled, to the Details step with the file fields. */
export async function toDetails(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  // The wizard's code loads at this press (the welcome is prerendered): on a loaded machine it took over 10 s.
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused({ timeout: 30_000 });
  await fillBasicInfo(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
}

/** Every required answer of the Details step but its files. */
export async function fillDetailsButFiles(page: Page): Promise<void> {
  await choose(page, 'Pronouns', 'She/her');
  await choose(page, 'Which window treatments interest you?', 'Shades');
  await choose(page, 'What is your content niche?', 'Home décor');
  await choose(page, 'When would you like your window treatments installed?', 'In one to three months');
  await choose(page, 'Have you bought from Hartwell before?', 'No');
  await answer(page, 'Have you worked with other window-treatment companies?', 'No');
  await answer(page, 'Do you have window treatments installed now?', 'Yes');
  await page.getByLabel('What do you have now, and in which rooms?', { exact: true }).fill('Old vinyl blinds in the living room');
  await answer(page, 'Do you have children at home?', 'No');
  await answer(page, 'Do you have pets?', 'No');
}

/** The row of a kept file in its field's list. */
export function fileRow(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}
