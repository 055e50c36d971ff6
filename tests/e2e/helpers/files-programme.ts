import { expect, type Locator, type Page } from '@playwright/test';
import { answer, choose, fillBasicInfo } from '../../support/default-programme.mjs';
import { DETAILS_BUT_FILES } from '../../support/files-programme-answers.mjs';

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
  for (const step of DETAILS_BUT_FILES) {
    if (step.kind === 'choose') await choose(page, step.label, step.option);
    else if (step.kind === 'answer') await answer(page, step.question, step.choice);
    else await page.getByLabel(step.label, { exact: true }).fill(step.text);
  }
}

/** The row of a kept file in its field's list. */
export function fileRow(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}
