import * as z from 'zod/mini';
import { formConfigSchemas } from '../application/rules/form-config-schema';
import { PLATFORM_KEYS } from '../application/values/platforms';
import { coverImageSchemas } from './cover-image-schema';
import { isSafeLink, isSafeResource } from './url-rules';
import { contentBlockSchemas } from './content-block-schemas';
import { messageSchema } from './message-schema';
import { LANGUAGE_TAG } from './translated-config';

/**
 * The configuration document, `config.json`, read at start-up. One schema for the whole
 * document: every key a deployer can set is here, and docs/configuration.md describes each of them.
 *
 * Built on first use, not when the module loads: building zod's schemas is most of what this
 * code costs to run (about 16 ms on this project's build machine, several times that on a
 * phone), the entry runs it before Welcome answers, and a start with the configuration the
 * build checked (src/config/checked-config.ts) never needs it.
 */

const URL_RULE = 'expected an https URL (http only for localhost) or a path on this site starting with / (not // or /\\)';

function block<Name extends string, Data extends z.ZodMiniType>(component: Name, data: Data) {
  return z.strictObject({ component: z.literal(component), data });
}

function buildConfigSchema() {
  const content = contentBlockSchemas();
  const form = formConfigSchemas();

  const nonBlank = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

  /** An https URL (http on this machine), or a path on this site (src/config/url-rules.ts). */
  const href = z.string().check(z.refine(isSafeLink, URL_RULE));

  /** The same, and a relative path such as "logo.svg" too (resolved against index.html). */
  const resourceUrl = z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.refine(isSafeResource, URL_RULE));

  const absoluteHttpUrl = z.string().check(z.refine((value) => /^https?:\/\/[^\s/]+/i.test(value.trim()), 'expected an absolute http(s) URL'));

  /** Every block a step can show, by its `component` name. */
  const blockSchema = z.discriminatedUnion('component', [
    block('Heading', content.heading),
    block('RichText', content.richText),
    block('InfoBox', content.infoBox),
    block('Notice', content.notice),
    block('FormSection', form.formSectionData),
  ]);

  const stepSchema = z.strictObject({
    name: nonBlank,
    blocks: z.array(blockSchema),
    /** HTML shown under the step's buttons (sanitized). */
    footer: z.optional(z.string()),
    styles: z.optional(z.strictObject({ grayBg: z.optional(z.boolean()) })),
    hideConfirmButton: z.optional(z.boolean()),
    continueButtonText: z.optional(nonBlank),
  });

  return z.strictObject({
    /** Where an editor finds the JSON Schema of this file (config.schema.json); the app ignores it. */
    $schema: z.optional(z.string()),
    title: nonBlank,
    lang: z.string().check(z.regex(LANGUAGE_TAG, 'expected a language tag such as "en" or "en-US"')),
    /**
     * The languages the programme is offered in, `lang` (the default) among them; any text may
     * then be given once per language, as { "en": …, "fr": … } (translated-config.ts).
     */
    languages: z.optional(z.array(z.string().check(z.regex(LANGUAGE_TAG, 'expected a language tag such as "fr" or "fr-CA"')))),
    programmeTitle: nonBlank,
    /** The installed app's name under its icon (the manifest's short_name); programmeTitle when absent. */
    shortName: z.optional(nonBlank),
    /** What the installed app is for, in app stores and install prompts (the manifest's description). */
    description: z.optional(nonBlank),
    /** Where the application is sent with a PUT; absent or null: submitting succeeds without a call. */
    requestUrl: z.optional(z.nullable(href)),
    /** The creator hub's sign-up page, opened by the last step's button. */
    redirectUrl: href,
    serverErrorText: z.optional(z.nullable(z.string())),
    /** How long one attempt at sending may take before it counts as failed (default 15 000 ms). */
    submitTimeoutMs: z.optional(z.number().check(z.int(), z.minimum(1000), z.maximum(120_000))),
    skipLastStep: z.optional(z.boolean()),
    /**
     * "Continue on another device" on the form's steps (docs/configuration.md): offered whenever
     * applications are sent to a receiver, unless `false`; the button's words (the catalogue's
     * `handoverButton` otherwise) and how many days a link works (7 by default; the receiver
     * keeps a draft at most 30 days).
     */
    continueOnAnotherDevice: z.optional(
      z.union([
        z.literal(false),
        z.strictObject({
          buttonText: z.optional(nonBlank),
          expiresInDays: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(30))),
        }),
      ]),
    ),
    /** One cover for every step, or one per step (the last entry serves any further step). */
    backgrounds: coverImageSchemas().backgrounds,
    logo: z.strictObject({ src: resourceUrl, alt: z.string(), href: z.optional(href) }),
    footerHtml: z.optional(z.nullable(z.string())),
    footerLinks: z.optional(z.array(z.strictObject({ text: nonBlank, href }))),
    analytics: z.optional(z.nullable(z.strictObject({ host: absoluteHttpUrl, key: nonBlank }))),
    errorReporting: z.optional(z.nullable(z.strictObject({ dsn: absoluteHttpUrl }))),
    /** Platforms whose fields are required; their cards are always shown. */
    requiredPlatforms: z.optional(z.array(z.enum(PLATFORM_KEYS))),
    /** Per-field rule bounds by path, such as { "personalInfo.firstName": { "maxLength": 80 } }. */
    fieldRules: z.optional(form.fieldRules),
    steps: z.array(stepSchema).check(z.minLength(2, 'expected at least two steps')),
    /**
     * The programme's own words for texts the app writes, by key (src/i18n/messages-en.ts); the
     * built-in catalogue of `lang` otherwise. Keys and placeholders are checked by
     * `npm run check-config` and the receiver (deploy-findings.ts) and the JSON Schema, not here:
     * the list of keys would cost the entry bytes, and a key the app does not have changes nothing.
     */
    messages: z.optional(z.record(z.string(), messageSchema())),
  });
}

type ConfigSchema = ReturnType<typeof buildConfigSchema>;
let built: ConfigSchema | null = null;

/** The schema of config.json, built the first time it is asked for. */
export function configSchema(): ConfigSchema {
  built ??= buildConfigSchema();
  return built;
}

export type WizardConfig = z.infer<ConfigSchema>;
export type StepConfig = WizardConfig['steps'][number];
export type BlockConfig = StepConfig['blocks'][number];
export type BlockName = BlockConfig['component'];
