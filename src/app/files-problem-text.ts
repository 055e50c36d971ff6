import type { ProgrammeForm } from '../application/rules/programme-form';
import { fileAnswerOf } from '../application/values/file-answer';
import { isTree } from '../application/values/is-tree';
import type { MessageKey } from '../i18n/catalogue';
import type { OutboxStatus } from '../outbox/outbox';

/** The catalogue's words for each reason a file keeps the application from going, by its field only. */
const PROBLEM_KEYS: Readonly<Record<string, MessageKey>> = {
  'too-large': 'sendFileTooLarge',
  type: 'sendFileType',
  dimensions: 'sendFileDimensions',
  refused: 'sendFileRefused',
  elsewhere: 'sendFileElsewhere',
};

/** The same, naming the file too, when the answers still list it. */
const NAMED_PROBLEM_KEYS: Readonly<Record<string, MessageKey>> = {
  'too-large': 'sendNamedFileTooLarge',
  type: 'sendNamedFileType',
  dimensions: 'sendNamedFileDimensions',
  refused: 'sendNamedFileRefused',
  elsewhere: 'sendNamedFileElsewhere',
};

/** The reasons of a file the receiver refused at the PUT (outbox/send-application.ts's `file-refused <key> <rule>`). */
const RULE_REASONS: Readonly<Record<string, string>> = { 'file-type': 'type', 'file-too-large': 'too-large', 'file-dimensions': 'dimensions' };

interface FailedFile {
  key: string;
  reason: string;
  sha256?: string | undefined;
}

/** The first file a refused application's last answer named, if it was about a file. */
function refusedAtSend(status: OutboxStatus): FailedFile | null {
  if (status.state !== 'refused') return null;
  const [first] = status.record.refusedFiles ?? [];
  if (first) return { key: first.key, reason: RULE_REASONS[first.rule] ?? 'refused', sha256: first.sha256 };
  // A record kept by an earlier version names the field and the rule only.
  const [, key, rule] = /^file-refused (\S+) (\S+)$/.exec(status.record.lastError ?? '') ?? [];
  return key && rule ? { key, reason: RULE_REASONS[rule] ?? 'refused' } : null;
}

/** The name the creator's answers give the file with these bytes in that field, if they still list it. */
function nameIn(values: unknown, key: string, sha256: string | undefined): string | undefined {
  if (!sha256 || !isTree(values) || !isTree(values.fields) || !isTree(values.fields.single)) return undefined;
  return fileAnswerOf(values.fields.single[key]).find((item) => item.sha256 === sha256)?.name;
}

/**
 * What the line beside the button that sends says when a file keeps the application from going
 * (refused for good by the receiver, or its bytes on another device): the file by its name, the
 * field that holds it by its label, and what to do. Null otherwise. The draft is kept; replacing
 * the file sends it. `values` are the creator's answers, where the file's name is found.
 */
export function filesProblemText(status: OutboxStatus, programme: ProgrammeForm, values?: unknown): { key: MessageKey; field: string; name?: string } | null {
  const failed = status.state === 'uploading' ? status.files.failed : refusedAtSend(status);
  if (!failed) return null;
  const { key, reason } = failed;
  const field = programme.fieldsByStep.flat().find((config) => 'path' in config && config.path === `fields.single.${key}`);
  const label = field?.label ?? key;
  const name = nameIn(values, key, failed.sha256);
  if (name !== undefined) return { key: NAMED_PROBLEM_KEYS[reason] ?? 'sendNamedFileRefused', field: label, name };
  return { key: PROBLEM_KEYS[reason] ?? 'sendFileRefused', field: label };
}
