// A page in the programme's language from first word to last: a French programme (French copy in
// config.json, tests/fixtures/french-programme.ts) walked through every state a creator reaches,
// failing on any text node, accessible name, placeholder or announcement that is neither its
// configuration's nor a message of the French catalogue; and a Spanish page whose app texts are
// the Spanish catalogue's, never English ones.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FRENCH_CONTINUE, FRENCH_SIGN_IN, fr, frenchProgramme } from '../fixtures/french-programme';
import { fillBasicInfo, fillDetails } from '../support/default-programme.mjs';
import type { Catalogue, Message } from '../../src/i18n/catalogue';
import { EN } from '../../src/i18n/messages-en';
import { ES } from '../../src/i18n/messages-es';
import { FR } from '../../src/i18n/messages-fr';

/** Brands are written the same in every language. */
const BRANDS = ['Instagram', 'Facebook', 'YouTube', 'X/Twitter', 'TikTok', 'Twitch', 'Pinterest', 'LinkedIn', 'Snapchat', 'Threads', 'Reddit'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message's words as a pattern: its placeholders stand for anything. */
function patternsOf(message: Message): RegExp[] {
  const forms = typeof message === 'string' ? [message] : Object.values(message);
  return forms.map((words) => new RegExp(`^${words.split(/\{\w+\}/).map(escape).join('.+')}$`, 's'));
}

/** Every string of a configuration, as a creator reads it (HTML without its tags). */
function copyOf(config: unknown): string[] {
  if (typeof config === 'string') return [config.replace(/<[^>]*>/g, ' ').replace(/&amp;/g, '&')];
  if (Array.isArray(config)) return config.flatMap(copyOf);
  if (config !== null && typeof config === 'object') return Object.values(config).flatMap(copyOf);
  return [];
}

/** The words the page shows or says: text nodes (hidden steps included), accessible names given as attributes, placeholders, the title. */
async function wordsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement?.closest('script, style, noscript, textarea') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) words.push(node.textContent ?? '');
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) words.push(value);
      }
    }
    return words.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => /\p{L}/u.test(text));
  });
}

/** The words on the page that are neither the programme's copy nor the catalogue's, nor names the platform gives (countries). */
async function foreignWords(page: Page, catalogue: Catalogue, config: unknown, locale: string): Promise<string[]> {
  const patterns = Object.values(catalogue).flatMap(patternsOf);
  const copy = copyOf(config);
  const regions = await page.evaluate((language) => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const letters = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));
    return letters.flatMap((first) => letters.map((second) => names.of(`${first}${second}`) ?? ''));
  }, locale);
  const named = new Set([...regions, ...BRANDS]);
  return (await wordsOnPage(page)).filter(
    (text) =>
      !patterns.some((pattern) => pattern.test(text)) &&
      !copy.some((words) => words.includes(text)) &&
      !named.has(text) &&
      !named.has(text.replace(/ \(\+[\d-]+\)$/, '')) &&
      !/^[A-Z]{2} \+[\d-]+$/.test(text),
  );
}

/** Texts of the English catalogue (where they differ from `catalogue`'s) that the page shows, other than the programme's own copy. */
async function englishOnPage(page: Page, catalogue: Catalogue, config: unknown): Promise<string[]> {
  const english = (Object.keys(EN) as Array<keyof typeof EN>).filter((key) => JSON.stringify(EN[key]) !== JSON.stringify(catalogue[key])).flatMap((key) => patternsOf(EN[key]));
  const copy = new Set(copyOf(config));
  return (await wordsOnPage(page)).filter((text) => !copy.has(text) && english.some((pattern) => pattern.test(text)));
}

const french = (english: string): string =>
  english.startsWith('Remove ') ? `Retirer ${english.slice('Remove '.length)}` : ({ Handle: FR.handleLabel as string, 'Follower count': FR.followersLabel as string }[english] ?? english);

test('a French programme speaks French in every state a creator reaches, and sends its language', async ({ page, context, app }) => {
  test.slow();
  const config = frenchProgramme(await app.readConfig());
  await app.writeConfigText(JSON.stringify(config, null, 2));
  const expectFrench = async (where: string) => {
    expect(await foreignWords(page, FR, config, 'fr'), where).toEqual([]);
  };

  await page.goto(app.url);
  await expect(page.getByRole('heading', { level: 1, name: fr('Become a Hartwell creator partner') })).toBeVisible();
  await expect(page.locator('.prerendered')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectFrench('Welcome');

  await page.getByRole('button', { name: FRENCH_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: fr('Basic Information') })).toBeVisible();
  // Continue with nothing filled: every field's message, and how many answers need attention.
  await page.getByRole('button', { name: FRENCH_CONTINUE }).click();
  await expect(page.getByText(FR.required as string).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /réponses demandent votre attention/ })).toHaveCount(1);
  await expectFrench('Basic Info, Continue with problems');
  // A search with no results, and the phone codes named in French.
  const country = page.getByRole('combobox', { name: fr('Country'), exact: true });
  await country.click();
  await country.fill('zzz');
  await expect(page.getByText(FR.noResults as string)).toBeVisible();
  await expectFrench('a search with no results');
  await country.fill('');
  await page.keyboard.press('Escape');

  await fillBasicInfo(page, fr, french);
  await page.getByRole('button', { name: FRENCH_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: fr('Additional Details') })).toBeVisible();
  await page.getByRole('button', { name: FRENCH_CONTINUE }).click();
  await expect(page.getByText(FR.choose as string).first()).toBeVisible();
  await expectFrench('Details, Continue with problems');

  await fillDetails(page, fr, french);
  await context.setOffline(true);
  await expect(page.getByText(FR.offline as string)).toBeVisible();
  await expectFrench('offline');
  await context.setOffline(false);

  // A failed send: the programme's own line, in French.
  app.answerWith({ status: 500 });
  await page.getByRole('button', { name: FRENCH_CONTINUE }).click();
  await expect(page.getByRole('alert').filter({ hasText: fr('We could not send your application. Nothing you typed is lost: please try again in a moment.') })).toBeVisible();
  await expectFrench('a failed send');

  await page.getByRole('button', { name: FRENCH_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: fr('Thank you for applying!') })).toBeVisible();
  await expect(page.getByRole('button', { name: FRENCH_SIGN_IN })).toBeVisible();
  await expectFrench('the thank-you step');

  // The application says which language it was written in; its body is the same as ever.
  const sent = app.received.filter((request) => request.method === 'PUT');
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.every((request) => request.headers['content-language'] === 'fr')).toBe(true);
});

test('a Spanish page says the app\'s own words in Spanish, never in English', async ({ page, app }) => {
  await app.editConfig((config) => {
    config.lang = 'es-MX';
  });
  const config = await app.readConfig();
  await page.goto(app.url);
  await expect(page.locator('.prerendered')).toHaveCount(0);
  // The default programme names no button: the app's Continue, in Spanish.
  await page.getByRole('button', { name: ES.continue as string }).click();
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await page.getByRole('button', { name: ES.continue as string }).click();
  await expect(page.getByText(ES.required as string).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /respuestas necesitan tu atención/ })).toHaveCount(1);
  await expect(page.locator('nav.step-bar').first()).toHaveAttribute('aria-label', ES.progress as string);
  expect(await englishOnPage(page, ES, config)).toEqual([]);
});
