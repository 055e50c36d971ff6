import { isConfigurableFieldPath } from '../values/field-paths';
import { DEFAULT_IMAGE_MAX_EDGE, FILE_FIELD_PATH, MEDIA_RANGE } from './file-field-limits';
import type { FieldConfig, FileFieldConfig } from './form-config-schema';

/**
 * A programme's file fields as the rules need them (docs/configuration.md, "A file field"): what
 * each takes, how many and how large, for the page that keeps the files, the upload that sends
 * them and the receiver that checks them (ReceiverRules.fileFields). Pure: no DOM, no storage.
 */

export interface FileFieldRules {
  /** The answer's key under fields.single, as the body's `files` names it. */
  key: string;
  /** MIME types, or whole kinds such as `image/*`, in lower case. */
  accept: readonly string[];
  maxFiles: number;
  /** Per file, in bytes. */
  maxBytes: number;
  required: boolean;
  /** The longest edge of a photo once made smaller, in pixels. */
  imageMaxEdge: number;
}

export const FILE_FIELD_PREFIX = 'fields.single.';

/** Whether a value of `accept` is written as a MIME type or a `type/*` kind. */
export function isMediaRange(value: string): boolean {
  return MEDIA_RANGE.test(value);
}

/** Whether a path can hold a file field's answer: only a detail question's, fields.single.<name>. */
export function isFileFieldPath(path: string): boolean {
  return FILE_FIELD_PATH.test(path) && isConfigurableFieldPath(path);
}

/**
 * Whether a file of type `mime` is one `accept` takes: the same type, or a kind written `image/*`
 * that it is of. Case does not matter (MIME types are case-insensitive); parameters
 * (`; charset=…`) are not part of the type.
 */
export function acceptsType(accept: readonly string[], mime: string): boolean {
  const type = (mime.split(';')[0] ?? '').trim().toLowerCase();
  const slash = type.indexOf('/');
  if (slash <= 0 || slash === type.length - 1) return false;
  const kind = type.slice(0, slash);
  return accept.some((range) => {
    const wanted = range.trim().toLowerCase();
    return wanted === type || wanted === `${kind}/*`;
  });
}

/** One file field's rules, its defaults filled in. */
export function fileFieldRules(field: FileFieldConfig): FileFieldRules {
  return {
    key: field.path.slice(FILE_FIELD_PREFIX.length),
    accept: field.accept.map((range) => range.trim().toLowerCase()),
    maxFiles: field.maxFiles,
    maxBytes: field.maxBytes,
    required: field.required === true,
    imageMaxEdge: field.imageMaxEdge ?? DEFAULT_IMAGE_MAX_EDGE,
  };
}

/** A block of a step as config.json gives it; only FormSection's fields are read. */
interface StepBlock {
  component: string;
  data?: unknown;
}

/** The programme's form (ProgrammeForm, ProgrammeSource) or its parsed config.json (`steps`). */
export type FileFieldSource = { fieldsByStep: ReadonlyArray<readonly FieldConfig[]> } | { steps: ReadonlyArray<{ blocks: readonly StepBlock[] }> };

function fieldsOf(source: FileFieldSource): FieldConfig[] {
  if ('fieldsByStep' in source) return source.fieldsByStep.flat();
  return source.steps.flatMap((step) =>
    step.blocks.flatMap((block) => (block.component === 'FormSection' ? (block.data as { fields: readonly FieldConfig[] }).fields : [])),
  );
}

/** Every file field of a programme, in the order its steps show them. */
export function fileFieldsOf(source: FileFieldSource): FileFieldRules[] {
  return fieldsOf(source).flatMap((field) => (field.kind === 'file' ? [fileFieldRules(field)] : []));
}
