import type { FieldSpec } from '../rules/field-specs';
import type { ProgrammeForm } from '../rules/programme-form';
import { isSha256 } from '../values/file-answer';
import { isTree } from '../values/is-tree';
import { NOT_ASKED, type RuleIssue } from './rule-issue';
import { FIELDS_PREFIX } from './asked-answers';

/**
 * The shape of a received body's `files` (docs/application-body.md): the files of its file
 * fields, by reference to their uploads. Shared by the page and the receiver (through
 * validate-application-body.ts); whether each upload is whole, this application's own, of a type
 * and size the field takes is the receiver's to judge from the upload itself (server/uploads).
 *
 * A body without `files` is read as one with none: a page built before file fields sends none,
 * and a programme without a file field asks for none. Each reference is
 * `{ key, uploadId, sha256 }`: `key` a file field of the programme, `uploadId` the receiver's id
 * of the upload (32 lower-case hex digits), `sha256` the file's (64). A file is listed once in its
 * field, an upload once in the body. How many each field has, and whether a required one has one,
 * are the form's rules (validate-application.ts, rules 'file-count' and 'required').
 */

export const FILE_REFERENCE = 'file-reference';

/** One file of a body, by reference. */
export interface FileReference {
  key: string;
  uploadId: string;
  sha256: string;
}

/** A body lists at most this many files, whatever the programme (20 per field, and few fields). */
export const MAX_FILE_ENTRIES = 200;

/** The receiver's id of an upload, 32 lower-case hex digits (server/uploads/stored-uploads.mjs has the receiver's own, held to this by a test). */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Where the `index`-th file of a field's list is: `files.roomPhotos[2]` (the receiver names its checks so too). */
export function filePath(key: string, index: number): string {
  return `files.${key}[${String(index)}]`;
}

/** The programme's file fields by their key. */
export function fileSpecsByKey(form: ProgrammeForm): Map<string, Extract<FieldSpec, { type: 'file' }>> {
  const specs = new Map<string, Extract<FieldSpec, { type: 'file' }>>();
  for (const spec of form.context.specs) if (spec.type === 'file') specs.set(spec.path.slice(FIELDS_PREFIX.length), spec);
  return specs;
}

function isReferenceShape(entry: unknown): entry is FileReference {
  return (
    isTree(entry) && Object.keys(entry).length === 3 && typeof entry.key === 'string' && typeof entry.uploadId === 'string' && typeof entry.sha256 === 'string'
  );
}

/** The problems of a body's `files`, and its references of the programme's file fields that are well formed. */
export function fileReferenceIssues(files: unknown, form: ProgrammeForm): { issues: RuleIssue[]; references: FileReference[] } {
  if (files === undefined) return { issues: [], references: [] };
  if (!Array.isArray(files))
    return { issues: [{ path: 'files', rule: FILE_REFERENCE, message: 'expected a list of { key, uploadId, sha256 }' }], references: [] };
  if (files.length > MAX_FILE_ENTRIES) {
    return { issues: [{ path: 'files', rule: 'file-count', message: `expected at most ${String(MAX_FILE_ENTRIES)} files` }], references: [] };
  }
  const fields = fileSpecsByKey(form);
  const issues: RuleIssue[] = [];
  const references: FileReference[] = [];
  const counts = new Map<string, number>();
  const sha256s = new Set<string>();
  const uploadIds = new Set<string>();
  files.forEach((entry: unknown, index) => {
    if (!isReferenceShape(entry)) {
      issues.push({ path: `files.${String(index)}`, rule: FILE_REFERENCE, message: 'expected { key, uploadId, sha256 } as text' });
      return;
    }
    // Named by its place in the body, never by the key that was sent.
    if (!fields.has(entry.key)) {
      issues.push({ path: `files.${String(index)}.key`, rule: NOT_ASKED, message: 'not a file question of this programme' });
      return;
    }
    const position = counts.get(entry.key) ?? 0;
    counts.set(entry.key, position + 1);
    const path = filePath(entry.key, position);
    if (!UPLOAD_ID.test(entry.uploadId)) {
      issues.push({ path, rule: FILE_REFERENCE, message: 'expected the id of its upload: 32 lower-case hexadecimal digits' });
    } else if (!isSha256(entry.sha256)) {
      issues.push({ path, rule: FILE_REFERENCE, message: 'expected its SHA-256: 64 lower-case hexadecimal digits' });
    } else if (sha256s.has(`${entry.key}/${entry.sha256}`)) {
      issues.push({ path, rule: FILE_REFERENCE, message: 'the same file (by its SHA-256) is listed twice in this field' });
    } else if (uploadIds.has(entry.uploadId)) {
      issues.push({ path, rule: FILE_REFERENCE, message: 'the same upload is listed twice' });
    } else {
      sha256s.add(`${entry.key}/${entry.sha256}`);
      uploadIds.add(entry.uploadId);
      references.push({ key: entry.key, uploadId: entry.uploadId, sha256: entry.sha256 });
    }
  });
  return { issues, references };
}
