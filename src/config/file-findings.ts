import { MAX_FILE_ENTRIES } from '../application/body/file-references';
import type { FileFieldConfig } from '../application/rules/form-config-schema';
import type { WizardConfig } from './config-schema';
import type { ConfigProblem } from './describe-config-issue';

// What a programme's file fields say that cannot work though the schema takes it.
// Read by deployFindings (deploy-findings.ts), so `npm run check-config` and the receiver's start
// refuse it; the app itself still opens with it.

/**
 * The top-level types a file can be of (the IANA registry's, less `example`, `haptics` and
 * `multipart`, which no file on a device is): anything else in `accept` is no real type, and a
 * field that lists only such types takes no file at all.
 */
const FILE_TOP_LEVEL_TYPES = ['application', 'audio', 'font', 'image', 'message', 'model', 'text', 'video'];

/** Names often written for a type that browsers and file-type never give, with the type meant. */
const MISTAKEN_TYPES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/tif': 'image/tiff',
  'image/svg': 'image/svg+xml',
  'application/x-pdf': 'application/pdf',
  'text/pdf': 'application/pdf',
  'application/doc': 'application/msword',
};

function placedFileFields(config: WizardConfig): Array<{ at: string; field: FileFieldConfig }> {
  return config.steps.flatMap((step, s) =>
    step.blocks.flatMap((block, b) =>
      block.component === 'FormSection'
        ? block.data.fields.flatMap((field, f) =>
            field.kind === 'file' ? [{ at: `steps.${String(s)}.blocks.${String(b)}.data.fields.${String(f)}`, field }] : [],
          )
        : [],
    ),
  );
}

function acceptFindings(at: string, accept: readonly string[]): ConfigProblem[] {
  const findings: ConfigProblem[] = [];
  accept.forEach((range, index) => {
    const type = range.toLowerCase();
    const meant = MISTAKEN_TYPES[type];
    const topLevel = type.split('/')[0] ?? '';
    if (meant !== undefined) {
      findings.push({
        path: `${at}.accept.${String(index)}`,
        message: `${JSON.stringify(range)} is no MIME type a browser or the receiver gives a file, so no file would match it: write ${JSON.stringify(meant)} instead`,
      });
    } else if (!FILE_TOP_LEVEL_TYPES.includes(topLevel)) {
      findings.push({
        path: `${at}.accept.${String(index)}`,
        message: `${JSON.stringify(range)} is no real type of file (a MIME type starts with one of ${FILE_TOP_LEVEL_TYPES.join(', ')}), so no file would match it`,
      });
    }
  });
  return findings;
}

/**
 * The problems of a parsed programme's file fields: a type in `accept` that no file has (a
 * misspelling such as "image/jpg", or a top-level type that is not one), and more files in all
 * than one body may list (file-references.ts). Pure.
 */
export function fileFindings(config: WizardConfig): ConfigProblem[] {
  const placed = placedFileFields(config);
  const findings = placed.flatMap(({ at, field }) => acceptFindings(at, field.accept));
  const total = placed.reduce((sum, { field }) => sum + field.maxFiles, 0);
  const last = placed.at(-1);
  if (last && total > MAX_FILE_ENTRIES) {
    findings.push({
      path: `${last.at}.maxFiles`,
      message: `the programme's file fields take ${String(total)} files in all, more than the ${String(MAX_FILE_ENTRIES)} one application may list, so the receiver would refuse an application holding them all; lower "maxFiles"`,
    });
  }
  return findings;
}
