import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ANY_WIDTH } from './helpers/any-width';
import { exportedApplications } from './helpers/applications-cli';
import { receiverPerTest } from './helpers/receiver-per-test';
import { cameraJpeg } from './helpers/test-files';
import { ar, ARABIC_CONTINUE, ARABIC_SIGN_IN } from '../fixtures/arabic-programme';
import { filesProgramme } from '../fixtures/files-programme';
import { FRENCH_CONTINUE, FRENCH_SIGN_IN, fr } from '../fixtures/french-programme';
import { translatedProgramme } from '../fixtures/translated-programme';
import { answer, choose, fillBasicInfo } from '../support/default-programme.mjs';
import { DIST_DIR } from '../support/dist-dir';
import { DETAILS_BUT_FILES } from '../support/files-programme-answers.mjs';
import { FR } from '../../src/i18n/messages-fr';

// The file field's words at each moment of a creator's journey, on a French page at 390 px and on
// an Arabic one at 1280 px (the widths the field was seen to fail at): photos being kept on the
// device, then uploaded, one chosen offline and paused, and Continue pressed offline, after which
// the application goes by itself once the connection is back. At each moment the page speaks the
// page's language (the French catalogue; the Arabic programme's own `messages`, as a deployer adding
// Arabic writes them) and a screenshot is written to the test output, to be looked at. The first
// file's Remove must not move when the line saying files are being kept goes.

/** The files programme's own texts, in French and in Arabic. */
const FILE_COPY: Readonly<Record<'fr' | 'ar', Readonly<Record<string, string>>>> = {
  fr: {
    'Photos of the rooms you would photograph': 'Photos des pièces que vous photographieriez',
    'Up to 6 photos, taken with your phone or chosen from your gallery. They are made smaller on your device, and their location is removed.':
      'Jusqu’à 6 photos, prises avec votre téléphone ou choisies dans votre galerie. Elles sont réduites sur votre appareil, et leur localisation est retirée.',
    'Your media kit': 'Votre kit média',
    'A PDF, if you have one.': 'Un PDF, si vous en avez un.',
  },
  ar: {
    'Photos of the rooms you would photograph': 'صور الغرف التي ستصوّرها',
    'Up to 6 photos, taken with your phone or chosen from your gallery. They are made smaller on your device, and their location is removed.':
      'حتى ست صور، تلتقطها بهاتفك أو تختارها من معرض صورك. تُصغَّر على جهازك، ويُزال منها موقع التصوير.',
    'Your media kit': 'ملفك الإعلامي',
    'A PDF, if you have one.': 'ملف PDF، إن كان لديك واحد.',
  },
};

/** The app's own words an Arabic programme gives for what its Details step shows (Arabic is not built in). */
const ARABIC_MESSAGES = {
  back: 'رجوع',
  remove: 'إزالة {name}',
  removeCard: 'إزالة',
  offline: 'أنت غير متصل بالإنترنت. يُحفظ كل ما تكتبه على هذا الجهاز.',
  fileRequired: 'أضف ملفًا واحدًا على الأقل',
  fileDropHere: 'أو أفلِت الملفات هنا',
  fileLimits: {
    one: 'ملف واحد، حتى {max}',
    two: 'ملفان، حتى {max} لكل منهما',
    few: 'حتى {count} ملفات، حتى {max} لكل منها',
    other: 'حتى {count} ملف، حتى {max} لكل منها',
  },
  fileKeeping: {
    one: 'جارٍ حفظ ملف واحد على هذا الجهاز…',
    two: 'جارٍ حفظ ملفين على هذا الجهاز…',
    few: 'جارٍ حفظ {count} ملفات على هذا الجهاز…',
    other: 'جارٍ حفظ {count} ملف على هذا الجهاز…',
  },
  filesKept: {
    one: 'ملف واحد محفوظ على هذا الجهاز',
    two: 'ملفان محفوظان على هذا الجهاز',
    few: '{count} ملفات محفوظة على هذا الجهاز',
    other: '{count} ملف محفوظ على هذا الجهاز',
  },
  fileUploadWaiting: 'في انتظار الرفع',
  fileUploadProgress: 'رُفع {sent} من {total} ({percent})',
  fileUploadAnnounce: '{name}: رُفع {sent} من {total} ({percent})',
  fileUploadPaused: 'الرفع متوقف مؤقتًا: يُستأنف من تلقاء نفسه حين تعود متصلًا',
  fileUploaded: 'تم الرفع',
  fileUploadedAnnounce: 'تم رفع {name}',
  uploadingFiles: { other: 'جارٍ رفع الملف {current} من {count}…' },
  uploadingOffline: 'أنت غير متصل بالإنترنت: ستُرفع ملفاتك ويُرسل طلبك حين تعود متصلًا.',
} as const;

interface Language {
  lang: 'fr' | 'ar';
  name: string;
  viewport: { width: number; height: number };
  phone: boolean;
  continueText: string;
  signInText: string;
  /** The programme's own text in this language, from its English. */
  copy: (english: string) => string;
  /** The app's own words the journey reads. */
  words: {
    remove: (name: string) => string;
    keeping: RegExp;
    uploaded: string;
    paused: string;
    uploadingOffline: string;
    handle: string;
    followers: string;
  };
  messages?: Record<string, unknown>;
}

const LANGUAGES: readonly Language[] = [
  {
    lang: 'fr',
    name: 'French',
    viewport: { width: 390, height: 844 },
    phone: true,
    continueText: FRENCH_CONTINUE,
    signInText: FRENCH_SIGN_IN,
    copy: (english) => FILE_COPY.fr[english] ?? fr(english),
    words: {
      remove: (name) => `Retirer ${name}`,
      keeping: /^Enregistrement de \d fichiers? sur cet appareil…$/,
      uploaded: FR.fileUploaded as string,
      paused: FR.fileUploadPaused as string,
      uploadingOffline: FR.uploadingOffline as string,
      handle: FR.handleLabel as string,
      followers: FR.followersLabel as string,
    },
  },
  {
    lang: 'ar',
    name: 'Arabic',
    viewport: { width: 1280, height: 800 },
    phone: false,
    continueText: ARABIC_CONTINUE,
    signInText: ARABIC_SIGN_IN,
    copy: (english) => FILE_COPY.ar[english] ?? ar(english),
    words: {
      remove: (name) => `إزالة ${name}`,
      keeping: /^جارٍ حفظ (ملف واحد|ملفين|\d ملفات) على هذا الجهاز…$/,
      uploaded: ARABIC_MESSAGES.fileUploaded,
      paused: ARABIC_MESSAGES.fileUploadPaused,
      uploadingOffline: ARABIC_MESSAGES.uploadingOffline,
      handle: 'Handle',
      followers: 'Follower count',
    },
    messages: ARABIC_MESSAGES,
  },
];

async function newPage(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({
    viewport: language.viewport,
    ...(language.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  return context.newPage();
}

async function shoot(page: Page, testInfo: TestInfo, language: Language, moment: string, field: Locator): Promise<void> {
  await field.scrollIntoViewIfNeeded();
  const path = testInfo.outputPath(`file-words-${language.lang}-${moment}.png`);
  await page.screenshot({ path });
  await testInfo.attach(`${language.lang}: ${moment}`, { path, contentType: 'image/png' });
}

for (const language of LANGUAGES) {
  test.describe(`a file field in ${language.name}`, () => {
    // Written by the worker that runs the test, and removed after it.
    const config = join(tmpdir(), `files-programme-${language.lang}-${String(process.pid)}.json`);
    test.beforeAll(async () => {
      const built = JSON.parse(await readFile(join(DIST_DIR, 'config.json'), 'utf8')) as Record<string, unknown>;
      const programme = translatedProgramme(filesProgramme(built), language);
      await writeFile(config, JSON.stringify(language.messages ? { ...programme, messages: language.messages } : programme));
    });
    test.afterAll(async () => {
      await rm(config, { force: true });
    });
    const receiver = receiverPerTest(`files-${language.lang}`, 'one run is enough: the test sets its own screen size', { config });

    test(
      `speaks ${language.name} while photos are kept, uploaded, paused offline and sent once back online; Remove stays put`,
      ANY_WIDTH,
      async ({ browser }, testInfo) => {
        test.setTimeout(240_000);
        const { copy, words } = language;
        const page = await newPage(browser, language);
        try {
          await page.goto(receiver.server.url);
          await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
          await page.getByRole('button', { name: language.continueText, exact: true }).click();
          await expect(page.getByRole('heading', { name: copy('Basic Information') })).toBeFocused({ timeout: 30_000 });
          const appWords = (english: string): string =>
            english.startsWith('Remove ')
              ? words.remove(english.slice('Remove '.length))
              : ({ Handle: words.handle, 'Follower count': words.followers }[english] ?? english);
          await fillBasicInfo(page, copy, appWords);
          await page.getByRole('button', { name: language.continueText, exact: true }).click();
          await expect(page.getByRole('heading', { name: copy('Additional Details') })).toBeFocused();

          const label = copy('Photos of the rooms you would photograph');
          const field = page.locator('.file-field').filter({ has: page.getByLabel(label, { exact: true }) });
          const status = field.locator('.file-field__status [role="status"]');
          const photos = await Promise.all([cameraJpeg(3000, 2250), cameraJpeg(3000, 2250), cameraJpeg(3000, 2250), cameraJpeg(1200, 900)]);
          const names = ['salon.jpg', 'cuisine.jpg', 'chambre.jpg'];
          await page.getByLabel(label, { exact: true }).setInputFiles(names.map((name, index) => ({ name, mimeType: 'image/jpeg', buffer: photos[index]! })));

          // While the photos are being made smaller and kept: the line in the page's language, and
          // where the first Remove is, read in one go so the line is known to be showing.
          const whileKeeping = await page.waitForFunction(
            () => {
              const line = document.querySelector('.file-field__status [role="status"]');
              const remove = document.querySelector('.file-item__remove');
              if (!line?.textContent || !remove) return null;
              const box = remove.getBoundingClientRect();
              return { line: line.textContent, top: box.top + window.scrollY, left: box.left };
            },
            undefined,
            { polling: 'raf', timeout: 90_000 },
          );
          const kept = await whileKeeping.jsonValue();
          if (!kept) throw new Error('the line saying files are being kept never showed');
          expect(kept.line).toMatch(words.keeping);
          const before = { top: kept.top, left: kept.left };
          await shoot(page, testInfo, language, '1-keeping', field);

          await expect(status).toBeEmpty({ timeout: 60_000 });
          const after = await page.evaluate(() => {
            const box = document.querySelector('.file-item__remove')!.getBoundingClientRect();
            return { top: box.top + window.scrollY, left: box.left };
          });
          expect(after, 'the first Remove did not move when the line went').toEqual(before);
          for (const name of names) {
            await expect(field.getByRole('listitem').filter({ hasText: name })).toContainText(words.uploaded, { timeout: 60_000 });
            await expect(field.getByRole('button', { name: words.remove(name), exact: true })).toBeVisible();
          }
          await shoot(page, testInfo, language, '2-uploaded', field);

          for (const step of DETAILS_BUT_FILES) {
            if (step.kind === 'choose') await choose(page, copy(step.label), copy(step.option), appWords);
            else if (step.kind === 'answer') await answer(page, step.question, step.choice, copy);
            else await page.getByLabel(copy(step.label), { exact: true }).fill(step.text);
          }

          // Offline: a fourth photo waits, paused, in the page's words; Continue says the
          // application goes by itself once back online.
          await page.context().setOffline(true);
          await page.getByLabel(label, { exact: true }).setInputFiles({ name: 'entree.jpg', mimeType: 'image/jpeg', buffer: photos[3] });
          const fourth = field.getByRole('listitem').filter({ hasText: 'entree.jpg' });
          await expect(fourth).toContainText(words.paused, { timeout: 60_000 });
          await shoot(page, testInfo, language, '3-paused-offline', field);
          await page.getByRole('button', { name: language.continueText, exact: true }).click();
          await expect(page.getByText(words.uploadingOffline, { exact: true })).toBeVisible();
          await shoot(page, testInfo, language, '4-continue-offline', page.getByRole('button', { name: language.continueText, exact: true }));

          await page.context().setOffline(false);
          await expect(page.getByRole('heading', { name: copy('Thank you for applying!') })).toBeFocused({ timeout: 60_000 });
          const [application, ...others] = await exportedApplications<{ files: Array<{ field: string; name: string }> }>(receiver.dataDir);
          expect(others).toEqual([]);
          expect(application?.files.map((file) => `${file.field} ${file.name}`)).toEqual([...names, 'entree.jpg'].map((name) => `roomPhotos ${name}`));
        } finally {
          await page.context().close();
        }
      },
    );
  });
}
