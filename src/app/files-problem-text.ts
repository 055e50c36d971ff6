import type { ProgrammeForm } from '../application/rules/programme-form';
import type { MessageKey } from '../i18n/catalogue';
import type { OutboxStatus } from '../outbox/outbox';

/** The catalogue's words for each reason a file keeps the application from going. */
const PROBLEM_KEYS: Readonly<Record<string, MessageKey>> = {
  'too-large': 'sendFileTooLarge',
  type: 'sendFileType',
  dimensions: 'sendFileDimensions',
  refused: 'sendFileRefused',
  elsewhere: 'sendFileElsewhere',
};

/**
 * What the line beside the button that sends says when a file keeps the application from going
 * (refused for good by the receiver, or its bytes on another device): which field holds it, by
 * its label, and what to do. Null otherwise. The draft is kept; replacing the file sends it.
 */
/** The reasons of a file the receiver refused at the PUT (outbox/send-application.ts's `file-refused <key> <rule>`). */
const RULE_REASONS: Readonly<Record<string, string>> = { 'file-type': 'type', 'file-too-large': 'too-large', 'file-dimensions': 'dimensions' };

/** The file a refused application's last answer named, if it was about a file. */
function refusedAtSend(status: OutboxStatus): { key: string; reason: string } | null {
  if (status.state !== 'refused') return null;
  const [, key, rule] = /^file-refused (\S+) (\S+)$/.exec(status.record.lastError ?? '') ?? [];
  return key && rule ? { key, reason: RULE_REASONS[rule] ?? 'refused' } : null;
}

export function filesProblemText(status: OutboxStatus, programme: ProgrammeForm): { key: MessageKey; field: string } | null {
  const failed = status.state === 'uploading' ? status.files.failed : refusedAtSend(status);
  if (!failed) return null;
  const { key, reason } = failed;
  const field = programme.fieldsByStep.flat().find((config) => 'path' in config && config.path === `fields.single.${key}`);
  return { key: PROBLEM_KEYS[reason] ?? 'sendFileRefused', field: field?.label ?? key };
}
