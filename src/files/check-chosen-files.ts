import { acceptsType, type FileFieldRules } from '../application/rules/file-fields';
import { SHRINK_INPUT_LIMIT_BYTES } from './shrink-plan';

/**
 * What is wrong with a chosen file, if anything, judged one file at a time so that a refused file
 * never costs the others: each reason is a message key, said with the file's name
 * (src/i18n/messages-*.ts). Pure.
 */
export type FileRefusal =
  /** Its type is not one the field takes. */
  | 'fileTypeRefused'
  /** It is empty (0 bytes): a file a phone failed to save, or a placeholder of a cloud drive. */
  | 'fileEmpty'
  /** Over the field's size per file (after a photo was made smaller). */
  | 'fileTooLarge'
  /** The field holds as many files as it takes. */
  | 'fileTooMany'
  /** The same bytes are in the field already. */
  | 'fileTwice'
  /** The device had no room to keep it. */
  | 'fileNotKept'
  /** It could not be read (removed from the disk since it was chosen, or unreadable). */
  | 'fileUnreadable'
  /** Typed as a photo by its name, its bytes are not one (a text file named .jpg). */
  | 'fileNotImage';

/** A refused file and why, for the line that names it. */
export interface RefusedFile {
  name: string;
  reason: FileRefusal;
}

/** What is known of a chosen file before its bytes are read. */
export interface ChosenFileFacts {
  name: string;
  /** As chosen-file-type.ts reads it. */
  type: string;
  size: number;
  /** Whether it will be made smaller before it is kept (shrink-plan.ts): then its size is judged after. */
  shrinks: boolean;
}

/** Checks that need no byte of the file: its type, emptiness, the count, and the size of what is kept as it is. */
export function refusalBeforeReading(
  file: ChosenFileFacts,
  rules: Pick<FileFieldRules, 'accept' | 'maxBytes' | 'maxFiles'>,
  keptCount: number,
): FileRefusal | undefined {
  if (keptCount >= rules.maxFiles) return 'fileTooMany';
  if (!acceptsType(rules.accept, file.type)) return 'fileTypeRefused';
  if (file.size === 0) return 'fileEmpty';
  // A file kept as it is is judged now, before a byte is read: a 2 GB video is refused at once.
  if (file.size > rules.maxBytes && (!file.shrinks || file.size > SHRINK_INPUT_LIMIT_BYTES)) return 'fileTooLarge';
  return undefined;
}

/** Checks of the bytes to be kept (a photo once made smaller): their size, and whether the field holds them already. */
export function refusalOfKeptBytes(
  kept: { size: number; sha256: string },
  rules: Pick<FileFieldRules, 'maxBytes'>,
  keptSha256: ReadonlySet<string>,
): FileRefusal | undefined {
  if (kept.size === 0) return 'fileEmpty';
  if (kept.size > rules.maxBytes) return 'fileTooLarge';
  if (keptSha256.has(kept.sha256)) return 'fileTwice';
  return undefined;
}
