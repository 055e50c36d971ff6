// The default programme (public/config.json) as a person meets it: its step headings and how
// to fill its two form steps, by role and label. Shared by the end-to-end suite and the
// benchmark (plain JavaScript, since Node 20 cannot import TypeScript).

/* global requestAnimationFrame -- the callback of page.evaluate runs in the page */
import { expect } from '@playwright/test';

/** The Welcome step is interactive when its heading and an enabled Continue are there. */
export const WELCOME = Object.freeze({ heading: 'Become a Hartwell creator partner', button: 'Continue' });
export const BASIC_INFO_HEADING = 'Basic Information';
export const DETAILS_HEADING = 'Additional Details';
/** The text box the typing benchmark types into. */
export const TYPING_FIELD = 'Full Name';

/** @typedef {import('@playwright/test').Page} Page */

/** Opens a searchable select, types the start of an option and picks it, as a person does. */
export async function choose(/** @type {Page} */ page, /** @type {string} */ label, /** @type {string} */ option, words = asIs) {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  await combobox.click();
  await combobox.fill(option.slice(0, 4));
  await page.getByRole('option', { name: option, exact: true }).click();
  // A person moves on once the choice shows: in the box (a single select) or as a chip (a
  // multi-select). Moving on before that, on a busy machine, can have the next field's text
  // typed into this box, which takes focus back when it handles the click.
  const chip = page.getByRole('button', { name: words(`Remove ${option}`), exact: true });
  await expect(async () => {
    const shown = (await combobox.inputValue()) === option || (await chip.count()) > 0;
    expect(shown).toBe(true);
  }).toPass({ timeout: 10_000 });
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(resolve);
        });
      }),
  );
}

/**
 * The programme's own text as the page shows it: the default programme's English as it is, or a
 * translation of it (tests/fixtures/arabic-programme.ts). The app's own words (the platform
 * card's labels) are not the programme's, and are not passed through it.
 * @typedef {(english: string) => string} Copy
 */
/** @type {Copy} */
const asIs = (text) => text;

export async function answer(/** @type {Page} */ page, /** @type {string} */ question, /** @type {'Yes' | 'No'} */ choice, copy = asIs) {
  await page
    .getByRole('group', { name: copy(question) })
    .getByRole('radio', { name: copy(choice) })
    .check();
}

/** Presses Continue and waits until the next step's heading is on screen. */
export async function continueTo(/** @type {Page} */ page, /** @type {string} */ heading) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

/** Fills the Basic Info step with Ada's details. */
export async function fillBasicInfo(/** @type {Page} */ page, copy = asIs, words = asIs) {
  const label = (/** @type {string} */ text) => page.getByLabel(copy(text), { exact: true });
  await label('Full Name').fill('Ada');
  await label('Last Name').fill('Lovelace');
  await label('Email Address').fill('ada@example.com');
  await label('Phone number').fill('5551234567');
  await label('Address').fill('12 Analytical Row');
  await label('City').fill('Portland');
  await label('ZIP').fill('97201');
  await label('State').fill('OR');
  await label('Brand Name').fill('Ada at Home');
  const instagram = page.getByRole('group', { name: 'Instagram' });
  await instagram.getByLabel(words('Handle'), { exact: true }).fill('ada.at.home');
  await instagram.getByLabel(words('Follower count'), { exact: true }).fill('12000');
  await answer(page, 'Do you have a blog or website?', 'Yes', copy);
  await label('Website URL').fill('https://ada.example.com');
  await label('Monthly traffic').fill('3000');
}

/** Fills the Details step, the last step with a form. */
export async function fillDetails(/** @type {Page} */ page, copy = asIs, words = asIs) {
  await choose(page, copy('Pronouns'), copy('She/her'), words);
  await choose(page, copy('Which window treatments interest you?'), copy('Shades'), words);
  await choose(page, copy('Which window treatments interest you?'), copy('Shutters'), words);
  await choose(page, copy('How many rooms would you photograph?'), copy('Two or three rooms'), words);
  await choose(page, copy('What is your content niche?'), copy('Home décor'), words);
  await choose(page, copy('When would you like your window treatments installed?'), copy('In one to three months'), words);
  await page.getByLabel(copy('Link to your media kit'), { exact: true }).fill('https://ada.example.com/media-kit.pdf');
  await choose(page, copy('Have you bought from Hartwell before?'), copy('No'), words);
  await answer(page, 'Have you worked with other window-treatment companies?', 'No', copy);
  await answer(page, 'Do you have window treatments installed now?', 'Yes', copy);
  await page.getByLabel(copy('What do you have now, and in which rooms?'), { exact: true }).fill('Old vinyl blinds in the living room');
  await answer(page, 'Do you have children at home?', 'Yes', copy);
  await page.getByLabel(copy('How old are they?'), { exact: true }).fill('Two, aged 4 and 7');
  await answer(page, 'Do you have pets?', 'No', copy);
}
