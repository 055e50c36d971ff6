import { guardedStore, keyval, type UseStore } from './guarded-indexed-db';

/**
 * Where an application stands, as this device keeps it: the last receipt the receiver gave (its
 * reference and its status link) and the status page's last answer per link. A database of its
 * own, apart from the draft's store: the draft's personal data is cleared after acceptance and
 * at a new application, the receipt is not (nothing personal: a reference, a link), so the status
 * stays reachable from this device. docs/offline-and-storage.md, "What is kept on this device".
 */
export const STATUS_DB_NAME = 'creator-status';
export const STATUS_STORE_NAME = 'kept';
/** The last receipt of an application sent from this device (page or service worker). */
export const RECEIPT_KEY = 'receipt';
/** The status page's last answer for one link: `answer:` and the hex SHA-256 of its secret (never the secret). */
export function keptAnswerKey(secretHash: string): string {
  return `answer:${secretHash}`;
}

/** What the receiver's 201 carried for the status (outbox/status-receipt.ts checks it). */
export interface StatusReceipt {
  reference: string;
  statusUrl: string;
  /** When this device was told (ms since the epoch). */
  keptAt: number;
}

let opened: UseStore | null = null;
function statusStore(): UseStore {
  opened ??= guardedStore(STATUS_DB_NAME, STATUS_STORE_NAME);
  return opened;
}

/** Keeps the receipt; a device that keeps nothing (storage blocked) loses only this line. */
export function keepReceipt(receipt: StatusReceipt): Promise<void> {
  return keyval.set(RECEIPT_KEY, receipt, statusStore()).catch(() => undefined);
}

/** Forgets the receipt: the last application went to a receiver that gives none. */
export function forgetReceipt(): Promise<void> {
  return keyval.del(RECEIPT_KEY, statusStore()).catch(() => undefined);
}

/** The last receipt kept, or null (none, unreadable, storage blocked). */
export async function readReceipt(): Promise<StatusReceipt | null> {
  const kept = await keyval.get<unknown>(RECEIPT_KEY, statusStore()).catch(() => undefined);
  if (typeof kept !== 'object' || kept === null) return null;
  const { reference, statusUrl, keptAt } = kept as Partial<StatusReceipt>;
  return typeof reference === 'string' && typeof statusUrl === 'string' && typeof keptAt === 'number' ? { reference, statusUrl, keptAt } : null;
}

/** The status page's kept answer for a link (unchecked: the page reads it as it reads a fresh one). */
export function readKeptAnswer(secretHash: string): Promise<unknown> {
  return keyval.get<unknown>(keptAnswerKey(secretHash), statusStore()).catch(() => undefined);
}

export function keepAnswer(secretHash: string, kept: unknown): Promise<void> {
  return keyval.set(keptAnswerKey(secretHash), kept, statusStore()).catch(() => undefined);
}
