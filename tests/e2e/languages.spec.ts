// A page in the programme's language from first word to last: the default programme in each
// built-in language (English as built, French and Spanish translated by the tables of
// tests/fixtures) walked through every state a creator reaches, failing on any text node,
// accessible name, placeholder, title or announcement (live regions are text nodes too) that is
// neither its configuration's nor a message of that language's catalogue.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { breakIndexedDb } from './helpers/device-storage';
import { FRENCH_CONTINUE, FRENCH_SIGN_IN, fr, frenchProgramme } from '../fixtures/french-programme';
import { SPANISH_CONTINUE, SPANISH_SIGN_IN, es, spanishProgramme } from '../fixtures/spanish-programme';
import { answer, choose, fillBasicInfo, fillDetails } from '../support/default-programme.mjs';
import { languageOf } from '../../src/application/values/usable-locale';
import type { Catalogue, Message, MessageKey } from '../../src/i18n/catalogue';
import { formatMessage, type MessageValues } from '../../src/i18n/format-message';
import { EN } from '../../src/i18n/messages-en';
import { ES } from '../../src/i18n/messages-es';
import { FR } from '../../src/i18n/messages-fr';

/** The countries an English page names: the form's own list (src/application/lookups/countries.ts), not the platform's. */
const ENGLISH_COUNTRIES = (
  JSON.parse(readFileSync(new URL('../../src/application/lookups/countries.generated.json', import.meta.url), 'utf8')) as Array<{ country: string }>
).map((entry) => entry.country);

/** Brands are written the same in every language. */
const BRANDS = ['Instagram', 'Facebook', 'YouTube', 'X/Twitter', 'TikTok', 'Twitch', 'Pinterest', 'LinkedIn', 'Snapchat', 'Threads', 'Reddit'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message's words as a pattern: its placeholders stand for anything. */
function patternsOf(message: Message): RegExp[] {
  const forms = typeof message === 'string' ? [message] : Object.values(message);
  return forms.map(
    (words) =>
      new RegExp(
        `^${words
          .split(/\{\w+\}/)
          .map(escape)
          .join('.+')}$`,
        's',
      ),
  );
}

/** Every string of a configuration, as a creator reads it (HTML without its tags). */
function copyOf(config: unknown): string[] {
  if (typeof config === 'string') return [config.replace(/<[^>]*>/g, ' ').replace(/&amp;/g, '&')];
  if (Array.isArray(config)) return config.flatMap(copyOf);
  if (config !== null && typeof config === 'object') return Object.values(config).flatMap(copyOf);
  return [];
}

/**
 * The words the page shows or says: text nodes (hidden steps and live regions included),
 * accessible names given as attributes, placeholders, the title. The configuration-error screen's
 * list of problems is left out: it is for whoever runs the site, in the English of
 * `npm run check-config`, and marked as English (the walk checks that it is).
 */
async function wordsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest('script, style, noscript, textarea, .config-error__list[lang="en"]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
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

/** The words on the page that are neither the programme's copy nor the catalogue's, nor names of countries (the platform's; in English, the form's own list). */
async function foreignWords(page: Page, catalogue: Catalogue, config: unknown, locale: string): Promise<string[]> {
  const patterns = Object.values(catalogue).flatMap(patternsOf);
  const copy = copyOf(config);
  const regions = await page.evaluate((language) => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const letters = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));
    return letters.flatMap((first) => letters.map((second) => names.of(`${first}${second}`) ?? ''));
  }, locale);
  const english = languageOf(locale) === 'en' ? ENGLISH_COUNTRIES : [];
  const named = new Set([...regions, ...english, ...BRANDS]);
  return (await wordsOnPage(page)).filter(
    (text) =>
      !patterns.some((pattern) => pattern.test(text)) &&
      !copy.some((words) => words.includes(text)) &&
      !named.has(text) &&
      !named.has(text.replace(/ \(\+[\d-]+\)$/, '')) &&
      !/^[A-Z]{2} \+[\d-]+$/.test(text),
  );
}

interface WalkedLanguage {
  name: string;
  /** The programme's `lang`: the page's, and the application's Content-Language. */
  lang: string;
  catalogue: Catalogue;
  /** The walked programme, from dist/config.json as the build wrote it. */
  programme: (built: Record<string, unknown>) => Record<string, unknown>;
  /** The programme's text in this language, for an English text of the default programme. */
  copy: (english: string) => string;
  continueText: string;
  signInText: string;
}

const LANGUAGES: readonly WalkedLanguage[] = [
  { name: 'English', lang: 'en', catalogue: EN, programme: (built) => built, copy: (english) => english, continueText: EN.continue, signInText: EN.signIn },
  { name: 'French', lang: 'fr', catalogue: FR, programme: frenchProgramme, copy: fr, continueText: FRENCH_CONTINUE, signInText: FRENCH_SIGN_IN },
  { name: 'Spanish', lang: 'es-MX', catalogue: ES, programme: spanishProgramme, copy: es, continueText: SPANISH_CONTINUE, signInText: SPANISH_SIGN_IN },
];

/**
 * Bounds a deployer may set (config `fieldRules`): the default programme sets none, and their
 * messages are field errors a creator meets like any other.
 */
function withBounds(config: Record<string, unknown>): Record<string, unknown> {
  return { ...config, fieldRules: { 'personalInfo.city': { minLength: 2 }, 'personalInfo.company': { maxLength: 30 } } };
}

/** The programme with one mistake a deployer makes (a field kind that does not exist), its `lang` still readable. */
function broken(config: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(config);
  const steps = copy.steps as Array<{ blocks: Array<{ data: { fields?: Array<Record<string, unknown>> } }> }>;
  const field = steps[1]?.blocks[0]?.data.fields?.[0];
  if (!field) throw new Error('Basic Info has no first field.');
  field.kind = 'textarea';
  return copy;
}

for (const language of LANGUAGES) {
  test(`${language.name}: every state a creator reaches speaks ${language.name}, and the application says so`, async ({ page, context, app }) => {
    test.slow();
    const { catalogue, copy, continueText } = language;
    const say = (key: MessageKey, values: MessageValues = {}) => formatMessage(catalogue[key], values, language.lang);
    const config = withBounds(language.programme(await app.readConfig()));
    const expectInLanguage = async (where: string, on: Page = page, shown: unknown = config) => {
      expect(await foreignWords(on, catalogue, shown, language.lang), `${language.name}, ${where}`).toEqual([]);
    };
    /** The app's own words of the platform card and the chips, as fillDetails and fillBasicInfo name them in English. */
    const words = (english: string): string =>
      english.startsWith('Remove ')
        ? say('remove', { name: english.slice('Remove '.length) })
        : english === 'Handle'
          ? say('handleLabel')
          : english === 'Follower count'
            ? say('followersLabel')
            : english;
    const label = (english: string) => page.getByLabel(copy(english), { exact: true });
    const continueButton = page.getByRole('button', { name: continueText, exact: true });

    // A first visit to a deployment whose config.json has a mistake: the error screen, in the
    // language the file names (it is readable that far), the problems themselves in English.
    const mistaken = broken(config);
    await app.writeConfigText(JSON.stringify(mistaken, null, 2));
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1, name: say('configBroken') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
    await expect(page.getByRole('listitem')).toHaveCount(1);
    await expect(page.locator('.config-error__list')).toHaveAttribute('lang', 'en');
    await expectInLanguage('the configuration error screen', page, mistaken);
    // The worker the error screen registered serves the rest of the walk (and finds the update).
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), { timeout: 20_000 }).toBe(true);

    // The deployer corrects the file.
    await app.writeConfigText(JSON.stringify(config, null, 2));
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1, name: copy('Become a Hartwell creator partner') })).toBeVisible();
    await expect(page.locator('.prerendered')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
    await expect(page.getByText(say('offlineReady')).filter({ visible: true })).toBeVisible({ timeout: 20_000 });
    await expectInLanguage('Welcome');

    await continueButton.click();
    await expect(page.getByRole('heading', { name: copy('Basic Information') })).toBeVisible();
    // Continue with nothing filled: every field's message, and how many answers need attention.
    await continueButton.click();
    await expect(page.getByText(say('required')).first()).toBeVisible();
    await expect(page.getByText(say('platformsFilled'))).toBeVisible();
    const problems = patternsOf(catalogue.problems);
    await expect(page.getByRole('status').filter({ hasText: problems.at(-1) })).toHaveCount(1);
    await expectInLanguage('Basic Info, Continue with nothing filled');

    // Answers each rule refuses: every other message a field of this step has. The question
    // first: leaving a field shows its message, which moves what is below it.
    await answer(page, 'Do you have a blog or website?', 'Yes', copy);
    await label('Full Name').fill('   ');
    await label('Email Address').fill('ada@');
    await label('Phone number').fill('555 CALL ADA');
    await label('City').fill('P');
    await label('ZIP').fill('N/A');
    await label('Brand Name').fill('Ada at Home: Windows, Walls and Whatnot');
    const instagram = page.getByRole('group', { name: 'Instagram' });
    await instagram.getByLabel(say('handleLabel'), { exact: true }).fill('https://instagram.com/ada.at.home');
    await instagram.getByLabel(say('followersLabel'), { exact: true }).fill('many');
    await label('Website URL').fill('my blog');
    await label('Monthly traffic').fill('lots');
    await continueButton.click();
    for (const key of ['notBlank', 'email', 'digits', 'zip', 'handle', 'url'] as const) {
      await expect(page.getByText(say(key), { exact: true }), key).toBeVisible();
    }
    await expect(page.getByText(say('followers'), { exact: true })).toHaveCount(2);
    await expect(page.getByText(say('minLength', { count: 2 }), { exact: true })).toBeVisible();
    await expect(page.getByText(say('maxLength', { count: 30 }), { exact: true })).toBeVisible();
    await expectInLanguage('Basic Info, an answer each rule refuses');

    // A search with no results, and the countries named in the page's language.
    const country = page.getByRole('combobox', { name: copy('Country'), exact: true });
    await country.click();
    await country.fill('zzz');
    await expect(page.getByText(say('noResults'))).toBeVisible();
    await expectInLanguage('a search with no results');
    await country.fill('');
    await expectInLanguage('the list of countries');
    await page.keyboard.press('Escape');

    await fillBasicInfo(page, copy, words);
    await continueButton.click();
    await expect(page.getByRole('heading', { name: copy('Additional Details') })).toBeVisible();
    await continueButton.click();
    await expect(page.getByText(say('choose')).first()).toBeVisible();
    await expectInLanguage('Details, Continue with nothing filled');

    // A pick beyond a multi-select's maximum, then an option taken away: both are announced.
    const treatments = copy('Which window treatments interest you?');
    for (const option of ['Blinds', 'Shades', 'Shutters']) await choose(page, treatments, copy(option), words);
    const treatmentsBox = page.getByRole('combobox', { name: treatments, exact: true });
    await treatmentsBox.fill(copy('Drapery').slice(0, 4));
    await page.getByRole('option', { name: copy('Drapery'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: say('maxItemsReached', { count: 3 }) })).toBeVisible();
    await expectInLanguage('a pick beyond the maximum');
    await page.keyboard.press('Escape');
    for (const option of ['Blinds', 'Shades', 'Shutters']) await page.getByRole('button', { name: words(`Remove ${copy(option)}`), exact: true }).click();
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: say('removedOption', { name: copy('Shutters') }) })).toHaveCount(1);
    await expectInLanguage('options taken away');

    // A follow-up question left unanswered.
    await answer(page, 'Do you have children at home?', 'Yes', copy);
    await continueButton.click();
    await expect(page.getByText(say('explain'), { exact: true })).toBeVisible();
    await expectInLanguage('Details, a follow-up left empty');

    await fillDetails(page, copy, words);
    await context.setOffline(true);
    await expect(page.getByText(say('offline'))).toBeVisible();
    await expectInLanguage('offline');
    await context.setOffline(false);

    // A new version is deployed while the form is filled in: the prompt, never a reload by itself.
    await app.deploySecondBuild(`walk-${language.lang}`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: say('updateReady') })
        .filter({ visible: true }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: say('reload') }).filter({ visible: true })).toBeVisible();
    await expectInLanguage('the update prompt');

    // A send that hangs: its status. Then the server goes away: the programme's failed-send line.
    app.answerWith('hang');
    await continueButton.click();
    await expect(page.getByText(say('sending'), { exact: true })).toBeVisible();
    await expectInLanguage('sending');
    await app.goDown();
    await expect(
      page.getByRole('alert').filter({ hasText: copy('We could not send your application. Nothing you typed is lost: please try again in a moment.') }),
    ).toBeVisible();
    await expectInLanguage('a failed send');
    // Back up: the page sends the application again on its own schedule.
    await app.comeBack();
    await expect(page.getByRole('heading', { name: copy('Thank you for applying!') })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: language.signInText })).toBeVisible();
    await expectInLanguage('the thank-you step');

    // The application says which language it was written in; its body is the same as ever.
    const sent = app.applications;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((request) => request.headers['content-language'] === language.lang)).toBe(true);

    // Another visit where the device cannot store anything (a private mode): kept in the page only.
    await page.close();
    const tab = await context.newPage();
    await breakIndexedDb(tab);
    await tab.goto(app.url);
    await tab.getByRole('button', { name: continueText, exact: true }).click();
    const firstName = tab.getByLabel(copy('Full Name'), { exact: true });
    await firstName.fill('Ada');
    await firstName.press('Tab');
    await expect(tab.getByText(say('storageLost'))).toBeVisible();
    await expect(tab.getByText(say('pageOnly'), { exact: true })).toBeVisible();
    await expectInLanguage('storage unavailable', tab);
  });
}
