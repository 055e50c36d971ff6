import type { RefusedBodyFile } from './refused-body-files';

/**
 * The outbox's record of the application waiting to be sent, and how an edit revises it. Pure,
 * shared by the page's queue (outbox.ts) and the service worker's replay (replay-outbox.ts).
 *
 * Three ids, three jobs: `applicationId` names the creator's application on this device across
 * every attempt and edit (sent as Application-Id, so the receiver keeps one application);
 * `key` names one body (sent as Idempotency-Key, so a repeat of that body is stored once) and
 * is replaced whenever the body changes, since a key must never stand for two bodies;
 * `revision` counts the bodies (Application-Revision), so the receiver keeps the latest even if
 * an older body's retry arrives after a newer one.
 */

export interface OutboxRecord {
  applicationId: string;
  key: string;
  revision: number;
  url: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  lastAttemptAt: number | null;
  lastError: string | null;
  /** The server refused it (a 4xx other than 408/429): no automatic retries. */
  refused: boolean;
  /**
   * The answers were edited after Continue into ones the wizard would not send (a field half
   * typed, say): the older body must not go out in their place and be taken as the creator's
   * last word, so nothing is sent until they are valid again or Continue is pressed.
   */
  held: boolean;
  /** The language the creator applied in, sent as Content-Language (absent in records of earlier versions). */
  language?: string;
  /**
   * The server's Retry-After, as a time (ms since the epoch): no attempt, the page's, another
   * tab's or the service worker's, goes out before it, even after a reload or an edit.
   */
  notBefore?: number;
  /**
   * The files (by SHA-256) uploaded again by the page after the receiver did not find them whole,
   * or not as named, at a send: each is uploaded again once, so a file the receiver keeps refusing
   * that way ends as a refusal the creator sees rather than a loop.
   */
  uploadedAgain?: string[];
  /**
   * The files the receiver refused for good at the last send (a type, a size, an image's
   * dimensions), by SHA-256: their rows say so, and the page's line names them. Only while
   * `refused` holds; the next body the creator makes (a file removed) clears it.
   */
  refusedFiles?: RefusedBodyFile[] | undefined;
}

/** A record as an earlier version stored it: one id for the application and every body. */
interface LegacyRecord {
  id: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The stored record in today's shape; undefined when there is none. */
export function normaliseRecord(stored: unknown): OutboxRecord | undefined {
  if (!isObject(stored)) return undefined;
  if (typeof stored.key === 'string' && typeof stored.applicationId === 'string') {
    return { ...(stored as unknown as OutboxRecord), revision: typeof stored.revision === 'number' ? stored.revision : 1, held: stored.held === true };
  }
  const legacy = stored as unknown as LegacyRecord & Omit<OutboxRecord, 'applicationId' | 'key' | 'revision' | 'held'>;
  if (typeof legacy.id !== 'string') return undefined;
  const { id, ...rest } = legacy;
  return { ...rest, applicationId: id, key: id, revision: 1, held: false };
}

/** Whether two bodies are the same answers (both are plain JSON made the same way). */
export function sameBody(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An application that came from another device (handover/handover-revision.ts): its id, and the last revision known. */
export interface ContinuedApplication {
  applicationId: string;
  revision: number;
}

/**
 * The record holding the latest answers: a new record for a first send (of the application
 * `continued` from another device when there is one, numbered above its last revision), else the
 * same application with, when the body changed, a new key and the next revision.
 */
export function withLatestBody(
  existing: OutboxRecord | undefined,
  url: string,
  body: unknown,
  newId: () => string,
  now: number,
  continued?: ContinuedApplication,
): OutboxRecord {
  if (!existing) {
    const applicationId = continued?.applicationId ?? newId();
    const revision = (continued?.revision ?? 0) + 1;
    return { applicationId, key: newId(), revision, url, body, createdAt: now, attempts: 0, lastAttemptAt: null, lastError: null, refused: false, held: false };
  }
  if (existing.url === url && sameBody(existing.body, body)) return { ...existing, held: false };
  return { ...existing, url, body, key: newId(), revision: existing.revision + 1, held: false, refusedFiles: undefined };
}
