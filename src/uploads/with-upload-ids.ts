import type { UploadFailure } from './upload-machine';
import type { SendReadiness } from '../outbox/attempt-once';

/**
 * The application's body as it goes out, with each file named by its upload: flattenApplication
 * (pure) cannot know upload ids and leaves them empty, so right before each PUT the outbox fills
 * them from the files on the device (the last segment of DeviceFile.uploadUrl, once the receiver
 * holds every byte). Until every file is uploaded the body is not sent, and this says how many
 * are, which wait, and which can never go from here: refused for good (too large, a type not
 * accepted), or kept on another device only (a handed-over application whose bytes stayed there).
 * An empty uploadId is never sent. Pure: what it knows of the device is passed in.
 */

/** One file of the PUT body (docs/application-body.md): the field's key, the receiver's upload id, the bytes' SHA-256. */
export interface BodyFile {
  key: string;
  uploadId: string;
  sha256: string;
}

/** What this needs to know of a file on the device (storage/device-files.ts's DeviceFile). */
export interface KnownFile {
  uploadUrl?: string | undefined;
  uploaded?: boolean | undefined;
  /** Whether its bytes are on this device (absent on a device that was handed the application). */
  hasBytes: boolean;
}

export type FilesReadiness =
  | { ready: true; body: unknown }
  | {
      ready: false;
      /** Files of the body the receiver holds whole. */
      uploaded: number;
      total: number;
      /** Files still to upload from this device. */
      waiting: BodyFile[];
      /** A file refused for good, and why: the creator must replace it. */
      failed?: { file: BodyFile; failure: UploadFailure };
      /** Files whose bytes are not on this device and were not uploaded from the other one. */
      elsewhere: BodyFile[];
    };

/** The receiver's upload id in the address it gave for an upload: its last path segment. */
export function uploadIdOf(uploadUrl: string): string {
  const path = uploadUrl.split(/[?#]/)[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The files a body names (none when it names none, or is not an application's body). */
export function filesNamed(body: unknown): BodyFile[] {
  return filesOf(body) ?? [];
}

function filesOf(body: unknown): BodyFile[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const files = (body as { files?: unknown }).files;
  if (!Array.isArray(files)) return null;
  return files.filter(
    (file): file is BodyFile =>
      typeof file === 'object' && file !== null && typeof (file as BodyFile).sha256 === 'string' && typeof (file as BodyFile).key === 'string',
  );
}

/**
 * `body` with every file's uploadId filled, or why it cannot go yet. `known(sha256)` is the file
 * on the device; `failure(sha256)` a final refusal the upload queue met for it.
 */
export function withUploadIds(
  body: unknown,
  known: (sha256: string) => KnownFile | undefined,
  failure: (sha256: string) => UploadFailure | undefined = () => undefined,
): FilesReadiness {
  const files = filesOf(body);
  if (!files || files.length === 0) return { ready: true, body };
  const filled: BodyFile[] = [];
  const waiting: BodyFile[] = [];
  const elsewhere: BodyFile[] = [];
  let failed: { file: BodyFile; failure: UploadFailure } | undefined;
  for (const file of files) {
    const device = known(file.sha256);
    const refused = failure(file.sha256);
    if (device?.uploaded && device.uploadUrl) filled.push({ ...file, uploadId: uploadIdOf(device.uploadUrl) });
    // Uploaded from another device and named in the link that brought the application here.
    else if (file.uploadId !== '' && !device?.hasBytes) filled.push(file);
    else if (refused) failed ??= { file, failure: refused };
    else if (device?.hasBytes) waiting.push(file);
    else elsewhere.push(file);
  }
  if (filled.length === files.length) return { ready: true, body: { ...(body as object), files: filled } };
  return { ready: false, uploaded: filled.length, total: files.length, waiting, elsewhere, ...(failed ? { failed } : {}) };
}

/** The same, as the outbox takes it (attempt-once.ts): a file that cannot go from here is named with its field's key and why. */
export function toSendReadiness(readiness: FilesReadiness): SendReadiness {
  if (readiness.ready) return readiness;
  const [elsewhere] = readiness.elsewhere;
  const failed = readiness.failed
    ? { key: readiness.failed.file.key, reason: readiness.failed.failure, sha256: readiness.failed.file.sha256 }
    : elsewhere
      ? { key: elsewhere.key, reason: 'elsewhere', sha256: elsewhere.sha256 }
      : undefined;
  return { ready: false, files: { uploaded: readiness.uploaded, total: readiness.total, ...(failed ? { failed } : {}) } };
}
