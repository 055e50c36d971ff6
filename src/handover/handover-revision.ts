import type { OutboxRecord } from '../outbox/outbox-record';
import type { KeyValueStore } from '../storage/resilient-store';
import { HANDOVER_REVISION_KEY, HANDOVER_REVISION_KEY_BEFORE } from '../storage/stored-keys';

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
 * Kept under `handover-revision` only once the application has been handed over (a link made or
 * opened): an application that never left its device starts a fresh id at its first send, as it
 * always did. Earlier builds kept it under `lineage`: the first read moves it.
 */
export interface HandoverRevision {
  applicationId: string;
  /** The highest revision known on this device (0: none was sent yet). */
  revision: number;
}

function isHandoverRevision(value: unknown): value is HandoverRevision {
  if (typeof value !== 'object' || value === null) return false;
  const { applicationId, revision } = value as Partial<HandoverRevision>;
  return typeof applicationId === 'string' && applicationId.length > 0 && typeof revision === 'number' && Number.isSafeInteger(revision) && revision >= 0;
}

/**
 * The stored handover revision, undefined when there is none or it is unreadable (a fresh id then:
 * never a wrong one). One kept by an earlier build under its old name is moved to the new one here,
 * once: a device updated while its application was on another device, or after taking it back,
 * must go on numbering above what the other device knew.
 */
export async function readHandoverRevision(store: Pick<KeyValueStore, 'get' | 'set' | 'delete'>): Promise<HandoverRevision | undefined> {
  const stored = await store.get<unknown>(HANDOVER_REVISION_KEY);
  if (stored !== undefined) return isHandoverRevision(stored) ? stored : undefined;
  const before = await store.get<unknown>(HANDOVER_REVISION_KEY_BEFORE);
  if (before === undefined) return undefined;
  if (isHandoverRevision(before)) await store.set(HANDOVER_REVISION_KEY, before);
  await store.delete(HANDOVER_REVISION_KEY_BEFORE);
  return isHandoverRevision(before) ? before : undefined;
}

export async function writeHandoverRevision(store: Pick<KeyValueStore, 'set'>, revision: HandoverRevision): Promise<void> {
  await store.set(HANDOVER_REVISION_KEY, revision);
}

/**
 * What a device hands over with its link: the application it holds (its queued record's, else
 * its stored handover revision's, else a new id) and the highest revision it knows of it, so that the next
 * device numbers every body above anything this one sent or may still have on its way.
 */
export function revisionToHandOver(record: OutboxRecord | undefined, known: HandoverRevision | undefined, newId: () => string): HandoverRevision {
  if (record)
    return { applicationId: record.applicationId, revision: Math.max(record.revision, known?.applicationId === record.applicationId ? known.revision : 0) };
  return known ?? { applicationId: newId(), revision: 0 };
}
