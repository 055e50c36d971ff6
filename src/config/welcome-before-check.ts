import type { WizardConfig } from './config-schema';
import { isSafeLink, isSafeResource } from './url-rules';
import { LANGUAGE_TAG } from './translated-config';

/**
 * A config.json the build did not check (edited on a static host after the build), read just far
 * enough to draw Welcome while the schema is fetched and run: the schema is zod and every rule of
 * the programme, about 13 kB gzip, and waiting for it put Welcome's critical path over its 90 kB
 * budget. So Welcome is drawn from the file as it stands, and the full check (parse-config.ts)
 * follows while Welcome is read; the wizard is built only from the file that passed it.
 *
 * Only what Welcome shows is looked at, and only so that it cannot show what the check would
 * refuse outright: the texts are strings, every link and image address passes the same URL rules
 * (url-rules.ts), the first step is content alone. A cover's `sizes`, when the file leaves it out,
 * stays out until the check fills in the default: the browser then takes 100vw, a larger file. Anything this does not recognise gets `null`,
 * and the page waits for the full check as before (a file this refuses is most likely broken, and
 * the full check then says how). `input` is the file already read in the page's language
 * (translated-config.ts `inLanguage`).
 */
export function welcomeBeforeCheck(input: unknown): WizardConfig | null {
  if (!isRecord(input)) return null;
  const { title, lang, programmeTitle, steps, logo, backgrounds, footerHtml, footerLinks, messages, skipLastStep } = input;
  if (!isText(title) || typeof lang !== 'string' || !LANGUAGE_TAG.test(lang) || !isText(programmeTitle)) return null;
  if (!Array.isArray(steps) || steps.length < 2 || !steps.every(isStep) || !isWelcome(steps[0])) return null;
  if (!isRecord(logo) || typeof logo.src !== 'string' || !isSafeResource(logo.src) || typeof logo.alt !== 'string') return null;
  if (logo.href !== undefined && (typeof logo.href !== 'string' || !isSafeLink(logo.href))) return null;
  if (!(Array.isArray(backgrounds) ? backgrounds.length > 0 && backgrounds.every(isCover) : isCover(backgrounds))) return null;
  if (!isOptional(footerHtml, (value) => value === null || typeof value === 'string')) return null;
  if (
    !isOptional(
      footerLinks,
      (value) => Array.isArray(value) && value.every((link) => isRecord(link) && isText(link.text) && typeof link.href === 'string' && isSafeLink(link.href)),
    )
  )
    return null;
  if (!isOptional(messages, isRecord) || !isOptional(skipLastStep, (value) => typeof value === 'boolean')) return null;
  // The rest of the file is Welcome's business only once the check has passed it.
  return input as WizardConfig;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isOptional(value: unknown, test: (value: unknown) => boolean): boolean {
  return value === undefined || test(value);
}

function isStep(step: unknown): boolean {
  return (
    isRecord(step) &&
    isText(step.name) &&
    Array.isArray(step.blocks) &&
    step.blocks.every((block) => isRecord(block) && typeof block.component === 'string' && isRecord(block.data))
  );
}

/** The blocks Welcome draws before the check, and the texts each must hold. */
const CONTENT_BLOCKS: Record<string, (data: Record<string, unknown>) => boolean> = {
  Heading: (data) => isText(data.text) && isOptional(data.level, (level) => level === 1 || level === 2 || level === 3),
  RichText: (data) => typeof data.html === 'string',
  InfoBox: (data) => typeof data.html === 'string' && isOptional(data.title, (title) => typeof title === 'string'),
  Notice: (data) => typeof data.html === 'string' && (data.tone === 'info' || data.tone === 'warning'),
};

function isWelcome(step: unknown): boolean {
  if (!isRecord(step) || !Array.isArray(step.blocks)) return false;
  const fitting = step.blocks.every((block: Record<string, unknown>) => {
    const check = typeof block.component === 'string' && Object.hasOwn(CONTENT_BLOCKS, block.component) ? CONTENT_BLOCKS[block.component] : undefined;
    return check !== undefined && check(block.data as Record<string, unknown>);
  });
  return (
    fitting &&
    isOptional(step.footer, (footer) => typeof footer === 'string') &&
    isOptional(step.continueButtonText, isText) &&
    isOptional(step.hideConfirmButton, (value) => typeof value === 'boolean')
  );
}

function isCover(cover: unknown): boolean {
  // The schema takes any non-blank address for a cover (an image fetch runs no script).
  if (isText(cover)) return true;
  if (!isRecord(cover) || !isText(cover.src) || !Array.isArray(cover.sources) || cover.sources.length === 0) return false;
  return (
    cover.sources.every((source) => isRecord(source) && typeof source.type === 'string' && typeof source.srcset === 'string') && isOptional(cover.sizes, isText)
  );
}
