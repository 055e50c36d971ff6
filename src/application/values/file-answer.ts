import type { FileAnswer, FileAnswerItem } from './application-values';
import { isTree } from './is-tree';

/**
 * Reading a file field's answer that came from storage (a draft, a resume link) or the form,
 * never trusted: an item is kept only when it has every part of a FileAnswerItem, and a file
 * (by its SHA-256) at most once. Pure.
 */

const SHA256 = /^[0-9a-f]{64}$/;
/** A file's name as a device gives it; longer is not a name anyone typed. */
const MAX_NAME_LENGTH = 1000;
/** A MIME type is at most 255 characters (RFC 6838 §4.2: 127 each side of the slash). */
const MAX_TYPE_LENGTH = 255;

export function isSha256(value: unknown): value is string {
  return typeof value === 'string' && SHA256.test(value);
}

/** Whether a stored value is one file of a file field's answer. */
export function isFileAnswerItem(value: unknown): value is FileAnswerItem {
  return (
    isTree(value) &&
    isSha256(value.sha256) &&
    typeof value.name === 'string' &&
    value.name.length <= MAX_NAME_LENGTH &&
    typeof value.type === 'string' &&
    value.type.length <= MAX_TYPE_LENGTH &&
    typeof value.size === 'number' &&
    Number.isSafeInteger(value.size) &&
    value.size >= 0
  );
}

/**
 * The well-formed files of a stored answer, each once, with the indexes of the items left out
 * (malformed, or a file already listed); `answer` is undefined when the value is not a list at all.
 */
export function readFileAnswer(value: unknown): { answer: FileAnswer | undefined; leftOut: number[] } {
  if (!Array.isArray(value)) return { answer: undefined, leftOut: [] };
  const kept: FileAnswerItem[] = [];
  const leftOut: number[] = [];
  const seen = new Set<string>();
  value.forEach((item: unknown, index) => {
    if (!isFileAnswerItem(item) || seen.has(item.sha256)) {
      leftOut.push(index);
      return;
    }
    seen.add(item.sha256);
    // Only the answer's own parts: a stored item may carry others (a newer version's) that no rule reads.
    kept.push({ sha256: item.sha256, name: item.name, type: item.type, size: item.size });
  });
  return { answer: kept, leftOut };
}

/** The files of an answer as validation counts them: a list's well-formed files, none for anything else. */
export function fileAnswerOf(value: unknown): FileAnswer {
  return readFileAnswer(value).answer ?? [];
}
