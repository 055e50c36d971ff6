/**
 * A receiver whose programme has file fields, for the uploads' tests. Until the programme's
 * `file` fields reach ReceiverRules, the rules from src/ are given these two fields on top; the
 * receiver reads them as it will read the programme's.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { receiverRules } from '../../src/config/receiver-rules';
import { DEFAULT_LIMITS, type LimitSettings } from '../../server/limits/limit-settings.mjs';
import type { ProofOfWorkSettings } from '../../server/limits/proof-of-work.mjs';
import type { RequestEntry } from '../../server/log/server-log.mjs';
import { startServer } from '../../server/start-server.mjs';
import { preparedDataDir } from './prepared-data-dir';
import type { FileFieldRules } from '../../server/uploads/accepts-type.mjs';
import { rawRequest, type RawAnswer } from './http-request';
import { servedRoot } from './receiver-fixture';

export const FILE_FIELDS: FileFieldRules[] = [
  { key: 'roomPhotos', accept: ['image/jpeg', 'image/png'], maxFiles: 6, maxBytes: 8 * 1024 * 1024, required: false, imageMaxEdge: 2560 },
  { key: 'mediaKit', accept: ['application/pdf'], maxFiles: 1, maxBytes: 256 * 1024, required: false, imageMaxEdge: 2560 },
];

export type UploadsReceiver = Omit<Awaited<ReturnType<typeof startServer>>, 'uploadsFolder'> & {
  uploadsFolder: string;
  root: string;
  dataDir: string;
  stop: () => Promise<void>;
};

export async function startUploadsReceiver(
  options: {
    limits?: Partial<LimitSettings>;
    freeBytes?: (dir: string) => Promise<number>;
    isUploadBound?: (id: string) => Promise<boolean>;
    logRequest?: (entry: RequestEntry) => void;
    log?: (line: string) => void;
    corsOrigins?: string;
    proofOfWork?: ProofOfWorkSettings;
    databaseUrl?: string;
    uploadsDir?: string;
  } = {},
): Promise<UploadsReceiver> {
  const root = await servedRoot();
  const dataDir = options.databaseUrl ? await mkdtemp(join(tmpdir(), 'uploads-data-')) : await preparedDataDir('uploads-data-');
  const server = await startServer({
    root,
    port: 0,
    dataDir,
    databaseUrl: options.databaseUrl,
    uploadsDir: options.uploadsDir,
    receiverRules: (config) => {
      const rules = receiverRules(config);
      return rules.ok ? { ...rules, fileFields: FILE_FIELDS } : rules;
    },
    limits: { ...DEFAULT_LIMITS, rateWindows: [], draftRateWindows: [], uploadRateWindows: [], ...options.limits },
    freeBytes: options.freeBytes,
    isUploadBound: options.isUploadBound,
    logRequest: options.logRequest,
    log: options.log,
    corsOrigins: options.corsOrigins,
    proofOfWork: options.proofOfWork ?? null,
  }).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const folder = server.uploadsFolder;
  if (folder === null) throw new Error('the receiver has no uploads folder');
  return {
    ...server,
    uploadsFolder: folder,
    root,
    dataDir,
    async stop() {
      await server.close();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Upload-Metadata as tus-js-client sends it. */
export function uploadMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');
}

/** POST a creation: the file's length and the contract's metadata (overridable). */
export function createUpload(
  url: string,
  content: Buffer,
  { field = 'roomPhotos', filetype = 'image/jpeg', filename = 'room.jpg', headers = [] as Array<[string, string]>, length = String(content.length) } = {},
): Promise<RawAnswer> {
  return rawRequest(url, {
    method: 'POST',
    headers: [
      ['Tus-Resumable', '1.0.0'],
      ['Upload-Length', length],
      ['Upload-Metadata', uploadMetadata({ filename, filetype, sha256: sha256(content), field })],
      ...headers,
    ],
  });
}

/** PATCH bytes at an offset. */
export function patchUpload(
  uploadUrl: string,
  offset: number,
  body: Buffer | AsyncIterable<Buffer>,
  headers: Array<[string, string]> = [],
): Promise<RawAnswer> {
  return rawRequest(uploadUrl, {
    method: 'PATCH',
    headers: [
      ['Tus-Resumable', '1.0.0'],
      ['Upload-Offset', String(offset)],
      ['Content-Type', 'application/offset+octet-stream'],
      ...(Buffer.isBuffer(body) ? [['Content-Length', String(body.length)] as [string, string]] : []),
      ...headers,
    ],
    body,
  });
}

/** HEAD: the offset stored (null when the upload is unknown). */
export async function uploadOffset(uploadUrl: string): Promise<{ status: number; offset: number | null }> {
  const answer = await rawRequest(uploadUrl, { method: 'HEAD', headers: [['Tus-Resumable', '1.0.0']] });
  const offset = answer.headers['upload-offset'];
  return { status: answer.status, offset: typeof offset === 'string' ? Number(offset) : null };
}
