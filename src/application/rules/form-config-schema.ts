import * as z from 'zod/mini';
import { isConfigurableFieldPath } from '../values/field-paths';
import { CONFIGURABLE_RULE_NAMES } from './rule-names';
import { PLATFORM_KEYS } from '../values/platforms';
import { FILE_FIELD_PATH, MEDIA_RANGE, MAX_FILES_PER_FIELD, MAX_IMAGE_MAX_EDGE, MIN_IMAGE_MAX_EDGE, RECEIVER_MAX_FILE_BYTES } from './file-field-limits';

/**
 * How a programme describes its form in config.json: sections of fields, each field naming
 * where its answer goes (`path`) and the copy around it. The rules of docs/product-rules.md §5 come
 * with the path; a field may add rules, relax `required`, or show only on a condition.
 *
 * Built when a configuration is checked, not when the app loads (see src/config/config-schema.ts).
 */
export function formConfigSchemas() {
  const label = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

  const fieldPath = z
    .string()
    .check(z.refine(isConfigurableFieldPath, 'expected personalInfo.<field>, fields.single.<name>, platforms.website.url|monthlyTraffic or agreement'));

  const selectOption = z.strictObject({ name: label, value: z.string() });

  /** Show the field only while another answer equals a value (hidden fields are not validated or sent). */
  const showOnCondition = z.strictObject({
    path: z.string(),
    equals: z.union([z.string(), z.boolean(), z.number()]),
  });

  const ruleName = z.enum(CONFIGURABLE_RULE_NAMES);

  const common = {
    path: fieldPath,
    label,
    hint: z.optional(z.string()),
    required: z.optional(z.boolean()),
    validators: z.optional(z.array(ruleName)),
    showOnCondition: z.optional(showOnCondition),
  };

  const textField = z.strictObject({
    kind: z.literal('text'),
    ...common,
    inputType: z.optional(z.enum(['text', 'email', 'tel', 'url'])),
    multiline: z.optional(z.boolean()),
    autoComplete: z.optional(z.string()),
    inputMode: z.optional(z.enum(['text', 'numeric', 'email', 'tel', 'url'])),
    placeholder: z.optional(z.string()),
  });

  const selectField = z.strictObject({
    kind: z.literal('select'),
    ...common,
    /** A list of choices, or a built-in list. */
    options: z.union([z.array(selectOption), z.enum(['countries', 'usStates', 'canadianProvinces'])]),
    multiple: z.optional(z.boolean()),
    max: z.optional(z.number().check(z.int(), z.positive())),
    autoComplete: z.optional(z.string()),
  });

  const checkboxField = z.strictObject({
    kind: z.literal('checkbox'),
    ...common,
    /** Sanitized HTML shown beside the box, such as a link to the programme terms. */
    html: z.optional(z.string()),
  });

  const yesNoField = z.strictObject({
    kind: z.literal('yesNo'),
    ...common,
    yesLabel: z.optional(label),
    noLabel: z.optional(label),
    /** Which answer reveals the follow-up fields (default "yes"). */
    revealOn: z.optional(z.enum(['yes', 'no'])),
    /** Shown and required only after the revealing answer; default: one explanation box. */
    followUp: z.optional(z.array(textField)),
    explanationLabel: z.optional(label),
  });

  const phoneField = z.strictObject({
    kind: z.literal('phone'),
    label,
    countryCodeLabel: z.optional(label),
    numberLabel: z.optional(label),
    hint: z.optional(z.string()),
  });

  const platformsField = z.strictObject({
    kind: z.literal('platforms'),
    label,
    hint: z.optional(z.string()),
    /** The platforms offered, in the order Add takes them. */
    platforms: z.optional(z.array(z.enum(PLATFORM_KEYS)).check(z.minLength(1))),
    addButtonText: z.optional(label),
  });

  /**
   * Files the creator chooses (photos, documents), kept on the device and uploaded
   * (src/application/rules/file-fields.ts has its rules). Its answer is a list of files, so it can
   * only be a detail question's: fields.single.<name>.
   */
  const fileField = z.strictObject({
    kind: z.literal('file'),
    path: z
      .string()
      .check(z.regex(FILE_FIELD_PATH, "expected fields.single.<name>: a file field's answer is a list of files, which only a detail question holds")),
    label,
    hint: z.optional(z.string()),
    /** MIME types, or whole kinds such as "image/*". */
    accept: z
      .array(z.string().check(z.regex(MEDIA_RANGE, 'expected a MIME type such as "image/jpeg" or "application/pdf", or a whole kind such as "image/*"')))
      .check(z.minLength(1, 'expected at least one type of file, such as "application/pdf"')),
    maxFiles: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_FILES_PER_FIELD)),
    /** Per file, in bytes. */
    maxBytes: z
      .number()
      .check(
        z.int(),
        z.minimum(1),
        z.maximum(RECEIVER_MAX_FILE_BYTES, `expected at most ${String(RECEIVER_MAX_FILE_BYTES)} bytes (2 GiB), the largest file the receiver takes`),
      ),
    required: z.optional(z.boolean()),
    /** The longest edge of a photo once made smaller, in pixels (2560 by default). */
    imageMaxEdge: z.optional(z.number().check(z.int(), z.minimum(MIN_IMAGE_MAX_EDGE), z.maximum(MAX_IMAGE_MAX_EDGE))),
    showOnCondition: z.optional(showOnCondition),
  });

  const field = z.discriminatedUnion('kind', [textField, selectField, checkboxField, yesNoField, phoneField, platformsField, fileField]);

  const formSectionData = z.strictObject({
    title: z.optional(z.string()),
    /** 1 when the section's title is the step's main heading (a step without a Heading block of level 1). */
    titleLevel: z.optional(z.union([z.literal(1), z.literal(2)])),
    description: z.optional(z.string()),
    fields: z.array(field).check(z.minLength(1)),
  });

  /** Per-field rule bounds from configuration, by path (`personalInfo.firstName`, `platforms.*.handle`). */
  const fieldRules = z.record(
    z.string(),
    z.strictObject({
      minLength: z.optional(z.number().check(z.int(), z.nonnegative())),
      maxLength: z.optional(z.number().check(z.int(), z.positive())),
      maxItems: z.optional(z.number().check(z.int(), z.positive())),
    }),
  );

  return { showOnCondition, textField, selectField, checkboxField, yesNoField, phoneField, platformsField, fileField, field, formSectionData, fieldRules };
}

type FormConfigSchemas = ReturnType<typeof formConfigSchemas>;
export type FieldConfig = z.infer<FormConfigSchemas['field']>;
export type TextFieldConfig = z.infer<FormConfigSchemas['textField']>;
export type SelectFieldConfig = z.infer<FormConfigSchemas['selectField']>;
export type CheckboxFieldConfig = z.infer<FormConfigSchemas['checkboxField']>;
export type YesNoFieldConfig = z.infer<FormConfigSchemas['yesNoField']>;
export type PhoneFieldConfig = z.infer<FormConfigSchemas['phoneField']>;
export type PlatformsFieldConfig = z.infer<FormConfigSchemas['platformsField']>;
export type FileFieldConfig = z.infer<FormConfigSchemas['fileField']>;
export type FormSectionData = z.infer<FormConfigSchemas['formSectionData']>;
export type FieldRules = z.infer<FormConfigSchemas['fieldRules']>;
export type ShowOnCondition = z.infer<FormConfigSchemas['showOnCondition']>;
