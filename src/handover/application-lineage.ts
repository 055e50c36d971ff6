import type { OutboxRecord } from '../outbox/outbox-record';
import type { KeyValueStore } from '../storage/resilient-store';
import { LINEAGE_KEY } from '../storage/stored-keys';

/**
 * One application, edited on one device after another: the id it is sent under (Application-Id)
 * and the last revision (Application-Revision) any device that held it used or was handed. The
 * revision order across devices is a Lamport clock: a device takes the application with the
 * number the previous one knew, and every body it sends is numbered above it. So a device
 * handed the application always sends above anything the one before it sent; and a device whose
 * copy went stale (it handed the application over, then took it back) sends numbers the other
 * may have used already, which the receiver refuses (409, server/applications/receiver.mjs: a revision is
 * stored only above every one stored for that application). No stale copy ever replaces newer
 * answers; of two devices editing at once after a take-back, the first to send is kept and the
 * other is told.
 *
 * Kept under `lineage` only once the application has travelled (a link made or opened): an
 * application that never left its device starts a fresh id at its first send, as it always did.
 */
export interface ApplicationLineage {
  applicationId: string;
  /** The highest revision known on this device (0: none was sent yet). */
  revision: number;
}

function isLineage(value: unknown): value is ApplicationLineage {
  if (typeof value !== 'object' || value === null) return false;
  const { applicationId, revision } = value as Partial<ApplicationLineage>;
  return typeof applicationId === 'string' && applicationId.length > 0 && typeof revision === 'number' && Number.isSafeInteger(revision) && revision >= 0;
}

/** The stored lineage, undefined when there is none or it is unreadable (a fresh id then: never a wrong one). */
export async function readLineage(store: Pick<KeyValueStore, 'get'>): Promise<ApplicationLineage | undefined> {
  const stored = await store.get<unknown>(LINEAGE_KEY);
  return isLineage(stored) ? stored : undefined;
}

export async function writeLineage(store: Pick<KeyValueStore, 'set'>, lineage: ApplicationLineage): Promise<void> {
  await store.set(LINEAGE_KEY, lineage);
}

/**
 * What a device hands over with its link: the application it holds (its queued record's, else
 * its lineage's, else a new id) and the highest revision it knows of it, so that the next
 * device numbers every body above anything this one sent or may still have on its way.
 */
export function lineageToHandOver(record: OutboxRecord | undefined, lineage: ApplicationLineage | undefined, newId: () => string): ApplicationLineage {
  if (record) return { applicationId: record.applicationId, revision: Math.max(record.revision, lineage?.applicationId === record.applicationId ? lineage.revision : 0) };
  return lineage ?? { applicationId: newId(), revision: 0 };
}
