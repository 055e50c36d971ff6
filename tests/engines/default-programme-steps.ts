/**
 * The default programme (public/config.json) walked through by any driver, with Ada's answers:
 * the same answers as tests/support/default-programme.mjs, so the body sent is
 * tests/support/expected-application.ts in every engine.
 */
import type { EnginePage, Target } from './engine-page';
import { answer, choose, waitFor, waitForStep } from './page-actions';

export const WELCOME_HEADING = 'Become a Hartwell creator partner';
export const BASIC_INFO_HEADING = 'Basic Information';
export const DETAILS_HEADING = 'Additional Details';
export const CREATOR_HUB_HEADING = 'Thank you for applying!';
export const CONTINUE: Target = { role: 'button', name: 'Continue' };

const label = (text: string): Target => ({ label: text });
const inCard = (platform: string, field: string): Target => ({ label: field, within: { role: 'group', name: platform } });

export async function fillBasicInfo(page: EnginePage): Promise<void> {
  await page.type(label('Full Name'), 'Ada');
  await page.type(label('Last Name'), 'Lovelace');
  await page.type(label('Email Address'), 'ada@example.com');
  await page.type(label('Phone number'), '5551234567');
  await page.type(label('Address'), '12 Analytical Row');
  await page.type(label('City'), 'Portland');
  await page.type(label('ZIP'), '97201');
  await page.type(label('State'), 'OR');
  await page.type(label('Brand Name'), 'Ada at Home');
  await page.type(inCard('Instagram', 'Handle'), 'ada.at.home');
  await page.type(inCard('Instagram', 'Follower count'), '12000');
  await answer(page, 'Do you have a blog or website?', 'Yes');
  await page.type(label('Website URL'), 'https://ada.example.com');
  await page.type(label('Monthly traffic'), '3000');
}

export async function fillDetails(page: EnginePage): Promise<void> {
  await choose(page, 'Pronouns', 'She/her');
  await choose(page, 'Which window treatments interest you?', 'Shades');
  await choose(page, 'Which window treatments interest you?', 'Shutters');
  await choose(page, 'How many rooms would you photograph?', 'Two or three rooms');
  await choose(page, 'What is your content niche?', 'Home décor');
  await choose(page, 'When would you like your window treatments installed?', 'In one to three months');
  await page.type(label('Link to your media kit'), 'https://ada.example.com/media-kit.pdf');
  await choose(page, 'Have you bought from Hartwell before?', 'No');
  await answer(page, 'Have you worked with other window-treatment companies?', 'No');
  await answer(page, 'Do you have window treatments installed now?', 'Yes');
  await page.type(label('What do you have now, and in which rooms?'), 'Old vinyl blinds in the living room');
  await answer(page, 'Do you have children at home?', 'Yes');
  await page.type(label('How old are they?'), 'Two, aged 4 and 7');
  await answer(page, 'Do you have pets?', 'No');
}

/**
 * From Welcome to Creator Hub as a person goes, or to a filled Details step with `stopBeforeSubmit`;
 * `details` fills that step (another programme's, such as the files example's).
 */
export async function completeApplication(
  page: EnginePage,
  { stopBeforeSubmit = false, details = fillDetails }: { stopBeforeSubmit?: boolean; details?: (page: EnginePage) => Promise<void> } = {},
): Promise<void> {
  await waitFor(page, { role: 'heading', name: WELCOME_HEADING });
  await page.click(CONTINUE);
  await waitForStep(page, BASIC_INFO_HEADING);
  await fillBasicInfo(page);
  await page.click(CONTINUE);
  await waitForStep(page, DETAILS_HEADING);
  await details(page);
  if (stopBeforeSubmit) return;
  await page.click(CONTINUE);
  await waitForStep(page, CREATOR_HUB_HEADING);
}
