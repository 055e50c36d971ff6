import type { ApplicationValues, FileAnswerItem } from '../application/values/application-values';
import { isFileAnswerItem } from '../application/values/file-answer';
import { isTree } from '../application/values/is-tree';
import type { DeviceFile } from '../storage/device-files';

/**
 * Files on a resume link (docs/offline-and-storage.md, "Continue on another device"): a link
 * carries at most 64 kB, never a photo, so a file travels as a reference to its upload on the
 * receiver, which the other device names in its application as this one would have. A file whose
 * bytes the receiver does not have whole yet stays on this device: it is left out of the answers
 * the link carries and named in the dialog, so the creator can let it upload first or choose it
 * again on the other device. Pure.
 */

/** A file the receiver holds, as a link carries it. */
export interface HandedFile {
  sha256: string;
  name: string;
  type: string;
  size: number;
  /** The receiver's tus upload URL: the other device sends the application with its id. */
  uploadUrl: string;
}

/** The longest upload URL a link carries (an upload URL is the receiver's origin, its path and a 32-character id). */
const MAX_UPLOAD_URL_LENGTH = 2000;

export function isHandedFile(value: unknown): value is HandedFile {
  return (
    isFileAnswerItem(value) &&
    isTree(value) &&
    typeof value.uploadUrl === 'string' &&
    value.uploadUrl.length <= MAX_UPLOAD_URL_LENGTH &&
    /^https?:\/\//.test(value.uploadUrl)
  );
}

/** A file field's answer among the values: a non-empty list of files (a multi-select's list holds text). */
function isFileList(value: unknown): value is readonly FileAnswerItem[] {
  return Array.isArray(value) && value.length > 0 && value.every(isFileAnswerItem);
}

export interface FilesToHandOver {
  /** The answers the link carries: every file field holding only the files that travel. */
  values: ApplicationValues;
  /** The files that travel, once each. */
  handed: HandedFile[];
  /** The files that stay on this device (not wholly uploaded yet), once each, as the dialog names them. */
  staying: FileAnswerItem[];
}

/** Splits the answers' files into those that travel (uploaded, with their upload's address) and those that stay. */
export function filesToHandOver(values: ApplicationValues, deviceFiles: readonly DeviceFile[]): FilesToHandOver {
  const byHash = new Map(deviceFiles.map((file) => [file.sha256, file]));
  const handed = new Map<string, HandedFile>();
  const staying = new Map<string, FileAnswerItem>();
  const single: Record<string, ApplicationValues['fields']['single'][string]> = {};
  for (const [key, answer] of Object.entries(values.fields.single)) {
    if (!isFileList(answer)) {
      single[key] = answer;
      continue;
    }
    const travelling: FileAnswerItem[] = [];
    for (const item of answer) {
      const kept = byHash.get(item.sha256);
      if (kept?.uploaded === true && kept.uploadUrl) {
        travelling.push(item);
        handed.set(item.sha256, { sha256: item.sha256, name: item.name, type: item.type, size: item.size, uploadUrl: kept.uploadUrl });
      } else staying.set(item.sha256, item);
    }
    single[key] = travelling;
  }
  return { values: { ...values, fields: { ...values.fields, single } }, handed: [...handed.values()], staying: [...staying.values()] };
}

/**
 * The files a device taking the link keeps a record of: those the link carries that its answers
 * still name (a file the restore left out, its field gone from the programme, is not kept), with no
 * bytes and marked uploaded, so its application is sent with their upload ids.
 */
export function filesToAdopt(handed: readonly unknown[] | undefined, values: ApplicationValues): DeviceFile[] {
  const named = new Set<string>();
  for (const answer of Object.values(values.fields.single)) if (isFileList(answer)) for (const item of answer) named.add(item.sha256);
  const adopted = new Map<string, DeviceFile>();
  for (const file of handed ?? []) {
    if (!isHandedFile(file) || !named.has(file.sha256)) continue;
    adopted.set(file.sha256, { sha256: file.sha256, name: file.name, type: file.type, size: file.size, uploadUrl: file.uploadUrl, uploaded: true });
  }
  return [...adopted.values()];
}
