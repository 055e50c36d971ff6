import { expect, type Page } from '@playwright/test';

interface CompleteOptions {
  /** Called on each step once it is on screen, before moving on. */
  onStep?: (index: number) => Promise<void>;
  /** Stop on the Details step, filled, without pressing Continue. */
  stopBeforeSubmit?: boolean;
}

/** Picks an option of a searchable select the way a person does: open, type, choose. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  await combobox.click();
  await combobox.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function answer(page: Page, question: string, choice: 'Yes' | 'No'): Promise<void> {
  await page.getByRole('group', { name: question }).getByRole('radio', { name: choice }).check();
}

/** Fills the Basic Info step with Ada's details. */
export async function fillBasicInfo(page: Page): Promise<void> {
  await page.getByLabel('Full Name', { exact: true }).fill('Ada');
  await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Email Address', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Phone number', { exact: true }).fill('5551234567');
  await page.getByLabel('Address', { exact: true }).fill('12 Analytical Row');
  await page.getByLabel('City', { exact: true }).fill('Portland');
  await page.getByLabel('ZIP', { exact: true }).fill('97201');
  await page.getByLabel('State', { exact: true }).fill('OR');
  await page.getByLabel('Brand Name', { exact: true }).fill('Ada at Home');
  const instagram = page.getByRole('group', { name: 'Instagram' });
  await instagram.getByLabel('Handle', { exact: true }).fill('ada.at.home');
  await instagram.getByLabel('Follower count', { exact: true }).fill('12000');
  await answer(page, 'Do you have a blog or website?', 'Yes');
  await page.getByLabel('Website URL', { exact: true }).fill('https://ada.example.com');
  await page.getByLabel('Monthly traffic', { exact: true }).fill('3000');
}

/** Fills the Details step. */
export async function fillDetails(page: Page): Promise<void> {
  await choose(page, 'Pronouns', 'She/her');
  await choose(page, 'Which window treatments interest you?', 'Shades');
  await choose(page, 'Which window treatments interest you?', 'Shutters');
  await choose(page, 'How many rooms would you photograph?', 'Two or three rooms');
  await choose(page, 'What is your content niche?', 'Home décor');
  await choose(page, 'When would you like your window treatments installed?', 'In one to three months');
  await page.getByLabel('Link to your media kit', { exact: true }).fill('https://ada.example.com/media-kit.pdf');
  await choose(page, 'Have you bought from Hartwell before?', 'No');
  await answer(page, 'Have you worked with other window-treatment companies?', 'No');
  await answer(page, 'Do you have window treatments installed now?', 'Yes');
  await page.getByLabel('What do you have now, and in which rooms?', { exact: true }).fill('Old vinyl blinds in the living room');
  await answer(page, 'Do you have children at home?', 'Yes');
  await page.getByLabel('How old are they?', { exact: true }).fill('Two, aged 4 and 7');
  await answer(page, 'Do you have pets?', 'No');
}

/** Walks from Welcome to Creator Hub the way a person would, filling every required field. */
export async function completeApplication(page: Page, { onStep, stopBeforeSubmit }: CompleteOptions = {}): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
  await onStep?.(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
  await fillBasicInfo(page);
  await onStep?.(1);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
  await fillDetails(page);
  await onStep?.(2);
  if (stopBeforeSubmit) return;
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused();
  await onStep?.(3);
}
