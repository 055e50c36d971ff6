import type { FileFieldRules } from '../application/rules/file-fields';
import type { FileAnswerItem } from '../application/values/application-values';
import { refusalBeforeReading, refusalOfKeptBytes, type RefusedFile } from './check-chosen-files';
import { chosenFileType } from './chosen-file-type';
import { DeviceStorageFullError, type DeviceFile } from '../storage/device-files';
import { NotAnImageError, type PrepareRequest } from './prepare-file';
import { shrinkEncodings } from './shrink-plan';

/**
 * Chosen files kept on the device, one after the other in the order chosen: each is checked,
 * prepared (a photo made smaller, its SHA-256 taken: prepare-file.ts), and its bytes stored before
 * the next is read. A file
 * refused for any reason is named and left out; those before and after it are kept all the same.
 * What it needs of the browser is passed in (the field passes the real ones), so it is tested
 * without one.
 */

export interface KeepingDevices {
  /** The file as it will be kept (prepare-file.ts); rejects when its bytes cannot be read. */
  prepare(request: PrepareRequest): Promise<DeviceFile>;
  /** Stores a file; rejects with DeviceStorageFullError when the device has no room. */
  put(file: DeviceFile): Promise<void>;
}

export interface KeepingOutcome {
  kept: FileAnswerItem[];
  refused: RefusedFile[];
}

/**
 * Keeps what it can of `chosen` for a field already holding `already`; `onKept` hears of each file
 * as soon as it is stored, so the list grows while six photos are made smaller.
 */
export async function keepChosenFiles(
  chosen: readonly File[],
  rules: Pick<FileFieldRules, 'accept' | 'maxBytes' | 'maxFiles' | 'imageMaxEdge'>,
  already: readonly FileAnswerItem[],
  devices: KeepingDevices,
  onKept: (item: FileAnswerItem) => void = () => undefined,
): Promise<KeepingOutcome> {
  const kept: FileAnswerItem[] = [];
  const refused: RefusedFile[] = [];
  const known = new Set(already.map((item) => item.sha256));
  for (const file of chosen) {
    const type = chosenFileType(file);
    const encodings = shrinkEncodings(type, file.size, rules.accept);
    const before = refusalBeforeReading({ name: file.name, type, size: file.size, shrinks: encodings.length > 0 }, rules, already.length + kept.length);
    if (before) {
      refused.push({ name: file.name, reason: before });
      continue;
    }
    let stored: DeviceFile;
    try {
      stored = await devices.prepare({ file, name: file.name, type, encodings, maxEdge: rules.imageMaxEdge });
    } catch (error) {
      // Named .jpg but not a photo; or chosen, then deleted or moved before it was read (or a cloud file that never arrived).
      refused.push({ name: file.name, reason: error instanceof NotAnImageError ? 'fileNotImage' : 'fileUnreadable' });
      continue;
    }
    const after = refusalOfKeptBytes(stored, rules, known);
    if (after) {
      refused.push({ name: file.name, reason: after });
      continue;
    }
    try {
      await devices.put(stored);
    } catch (error) {
      refused.push({ name: file.name, reason: error instanceof DeviceStorageFullError ? 'fileNotKept' : 'fileUnreadable' });
      continue;
    }
    const item: FileAnswerItem = { sha256: stored.sha256, name: stored.name, type: stored.type, size: stored.size };
    known.add(item.sha256);
    kept.push(item);
    onKept(item);
  }
  return { kept, refused };
}
