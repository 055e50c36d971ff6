import type { MessageKey } from '../i18n/catalogue';
import type { UploadProgress } from '../uploads/upload-progress';
import type { KeptOnDevice } from './use-device-file';

/** Where a kept file's upload stands, as the row shows it. */
export type RowState = 'reading' | 'missing' | 'waiting' | 'uploading' | 'paused' | 'uploaded' | 'failed' | 'refused';

/**
 * A row's state. Pure. `refusal` is the receiver's rule when it refused this file for good at the
 * send: the file was uploaded whole, but "Uploaded" would tell the creator all is well while the
 * application waits for that very file to be replaced, so the refusal comes first.
 */
export function rowState(kept: KeptOnDevice, progress: UploadProgress | undefined, refusal?: string): RowState {
  if (refusal !== undefined) return 'refused';
  if (progress?.state === 'done' || kept?.uploaded === true) return 'uploaded';
  if (progress?.state === 'failed') return 'failed';
  if (kept === undefined) return 'reading';
  // Named by the draft but not here: handed over before it was uploaded, or the browser cleared the site's data.
  if (kept === null || !kept.blob) return 'missing';
  if (progress?.state === 'uploading') return 'uploading';
  if (progress?.state === 'paused') return 'paused';
  return 'waiting';
}

/** The row's words for each rule the receiver refuses a file by; any other says it could not be uploaded. */
const REFUSAL_KEYS: Readonly<Record<string, MessageKey>> = {
  'file-type': 'fileRefusedType',
  'file-too-large': 'fileRefusedTooLarge',
  'file-dimensions': 'fileRefusedDimensions',
};

/** What a refused file's row says: refused, why, and what to do. */
export function refusalKey(rule: string): MessageKey {
  return REFUSAL_KEYS[rule] ?? 'fileUploadFailed';
}
