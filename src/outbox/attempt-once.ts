import type { OutboxRecord } from './outbox-record';
import type { OutboxStore } from './outbox-store';
import { refusedBodyFiles } from './refused-body-files';
import { classifyAttempt } from './retry-policy';
import { NEWER_REVISION_STORED, type RefusedFile, type SendResult } from './send-application';

/**
 * One attempt at sending the outbox's application, the same for the page and the service
 * worker (the policy above the store, as in Workbox's Queue): the record is read and checked,
 * its latest body is sent, and the outcome is written back. The caller holds the send lock.
 * - No record: sent meanwhile (by another tab or the worker), or never queued.
 * - Held (edited into answers the wizard would not send) or refused: nothing goes out until the
 *   creator acts.
 * - Not due: the server's Retry-After of the last failure has not passed (`later`, with when).
 * - Waiting for its files: a body that names files goes out only once the receiver holds every one
 *   (`prepare`, given by the page and the worker, fills their upload ids); until then nothing is
 *   sent and nothing counts as a failure (`files`, with how many are uploaded, or the one refused).
 * - Accepted: the record is removed only if no edit came while the request was out; otherwise
 *   the edit stays for the caller to send next (`latest: false`).
 * - Refused because another device sent the application first (a newer revision is stored): it
 *   is settled there; the record is removed and the outcome is acceptance `elsewhere`.
 * - Gone (410): the receiver erased the application and stores nothing of it again; the record is
 *   removed, an edit made meanwhile too, and the outcome is an ending like acceptance, `withdrawn`.
 * - Refused because the receiver did not find a file whole, or not the one named (file-incomplete,
 *   file-not-own): `uploadAgain`, when given, clears what the device holds of those uploads and says
 *   which files will go again; they are noted on the record (once per file) and the attempt starts
 *   over, waiting for them like any file not uploaded yet. The creator is not asked to act.
 * - A failure: the count, time and error go on the stored record, whose body may be newer than
 *   the one that failed; a refusal counts only for the body refused, so the outcome is the
 *   stored record's (a newer body is worth its own attempt).
 */
export type AttemptOnceResult =
  | { kind: 'none' }
  | { kind: 'waiting'; record: OutboxRecord }
  | { kind: 'later'; record: OutboxRecord; due: number }
  /**
   * `elsewhere`: the receiver holds a newer revision of this application, sent from another device.
   * `withdrawn`: the receiver erased it (410): nothing of it is stored, now or later.
   */
  | { kind: 'accepted'; latest: boolean; elsewhere?: true; withdrawn?: true }
  | { kind: 'files'; record: OutboxRecord; files: FilesWait }
  | { kind: 'failed'; outcome: 'retry' | 'refused'; record: OutboxRecord; attemptedAt: number };

/**
 * What a body waits for before it may go: its files uploaded. `failed`: a file the receiver refused
 * for good (its field's key, and why: 'too-large', 'type', 'refused', or 'elsewhere' when its bytes
 * stayed on another device): the creator must replace it, and nothing is sent meanwhile.
 */
export interface FilesWait {
  uploaded: number;
  total: number;
  /** `sha256`: the file's bytes, for the page to name it (absent in a status from an earlier version). */
  failed?: { key: string; reason: string; sha256?: string };
}

/** The body as it may go now (its files' upload ids filled), or what it waits for. */
export type SendReadiness = { ready: true; body: unknown } | { ready: false; files: FilesWait };

export interface AttemptOnceOptions {
  send: (record: OutboxRecord) => Promise<SendResult>;
  now: () => number;
  /** Readies the record's body just before it goes (uploads/files-ready-to-send.ts); as it is when not given. */
  prepare?: (record: OutboxRecord) => Promise<SendReadiness>;
  /** Told just before the request goes out. */
  onSending?: (record: OutboxRecord) => void;
  /**
   * The receiver refused files of the body sent (`sent`, with its upload ids): makes those it may
   * upload again (not in `already`, their bytes on this device) go again, and resolves their
   * SHA-256s; none when it cannot help (uploads/upload-files-again.ts).
   */
  uploadAgain?: (sent: unknown, refused: readonly RefusedFile[], already: readonly string[]) => Promise<string[]>;
}

export async function attemptOnce(store: OutboxStore, options: AttemptOnceOptions): Promise<AttemptOnceResult> {
  const { send, now, onSending, prepare, uploadAgain } = options;
  const record = await store.read();
  if (!record) return { kind: 'none' };
  if (record.held || record.refused) return { kind: 'waiting', record };
  if ((record.notBefore ?? 0) > now()) return { kind: 'later', record, due: record.notBefore ?? 0 };
  const readiness = prepare ? await prepare(record) : undefined;
  if (readiness && !readiness.ready) return { kind: 'files', record, files: readiness.files };
  onSending?.(record);
  // The stored record keeps the body as the form made it: the upload ids are filled afresh each time.
  const sent = readiness ? readiness.body : record.body;
  const result = await send(readiness ? { ...record, body: sent } : record);
  const outcome = classifyAttempt(result);
  if (!result.ok && result.files && uploadAgain) {
    const already = record.uploadedAgain ?? [];
    const again = (await uploadAgain(sent, result.files, already)).filter((sha256) => !already.includes(sha256));
    if (again.length > 0) {
      await store.update((current) =>
        current?.applicationId === record.applicationId ? { ...current, uploadedAgain: [...(current.uploadedAgain ?? []), ...again] } : current,
      );
      // Each turn here notes at least one more file, so this ends: the body now waits for them.
      return attemptOnce(store, options);
    }
  }
  if (!result.ok && result.error === NEWER_REVISION_STORED) {
    // Another device sent this application first, numbered as high or higher: it is settled, with
    // that device's answers, and nothing this device holds may replace them (an edit made while
    // this body was out included), so the record goes whatever it holds now.
    await store.update(() => undefined);
    return { kind: 'accepted', latest: true, elsewhere: true };
  }
  if (outcome === 'withdrawn') {
    // Final whatever the record holds now: any body of this application would be refused the same way.
    await store.update(() => undefined);
    return { kind: 'accepted', latest: true, withdrawn: true };
  }
  if (outcome === 'accepted') {
    const stored = await store.update((current) => (current?.key === record.key ? undefined : current));
    return { kind: 'accepted', latest: stored === undefined };
  }
  const attemptedAt = now();
  const lastError = result.ok ? null : result.error;
  const notBefore = result.ok || !result.retryAfterMs ? undefined : attemptedAt + result.retryAfterMs;
  // Files refused for good are kept by their bytes' SHA-256, for their rows to say so.
  const refusedFiles = !result.ok && result.files && outcome === 'refused' ? refusedBodyFiles(sent, result.files) : [];
  const failed: OutboxRecord = {
    ...record,
    attempts: record.attempts + 1,
    lastAttemptAt: attemptedAt,
    lastError,
    refused: outcome === 'refused',
    notBefore,
    refusedFiles: refusedFiles.length > 0 ? refusedFiles : undefined,
  };
  const stored = await store.update((current) => {
    if (current?.applicationId !== record.applicationId) return current;
    const refused = failed.refused && current.key === record.key;
    return {
      ...current,
      attempts: failed.attempts,
      lastAttemptAt: attemptedAt,
      lastError,
      refused,
      notBefore,
      refusedFiles: refused ? failed.refusedFiles : undefined,
    };
  });
  const shown = stored ?? failed;
  return { kind: 'failed', outcome: shown.refused ? 'refused' : 'retry', record: shown, attemptedAt };
}
