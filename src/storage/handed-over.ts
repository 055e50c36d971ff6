import type { KeyValueStore } from '../storage/resilient-store';
import { HANDED_OVER_KEY } from '../storage/stored-keys';

/**
 * This device made a link and handed the application over: its form is read only until the
 * creator takes it back. Holds the draft's id so that taking back can withdraw the link (the id
 * alone opens nothing: the key was only ever in the link), never the key.
 */
export interface HandedOver {
  draftId: string;
  /** When the link was made, ms since the epoch. */
  madeAt: number;
  /** When the receiver forgets the draft, ms since the epoch. */
  expiresAt: number;
}

export function isHandedOver(value: unknown): value is HandedOver {
  if (typeof value !== 'object' || value === null) return false;
  const { draftId, madeAt, expiresAt } = value as Partial<HandedOver>;
  return typeof draftId === 'string' && typeof madeAt === 'number' && Number.isFinite(madeAt) && typeof expiresAt === 'number' && Number.isFinite(expiresAt);
}

/** The stored hand-over, null when there is none (or what is stored is not one: the form then stays editable). */
export async function readHandedOver(store: Pick<KeyValueStore, 'get'>): Promise<HandedOver | null> {
  const stored = await store.get<unknown>(HANDED_OVER_KEY);
  return isHandedOver(stored) ? stored : null;
}

export async function writeHandedOver(store: Pick<KeyValueStore, 'set'>, handedOver: HandedOver): Promise<void> {
  await store.set(HANDED_OVER_KEY, handedOver);
}

export async function clearHandedOver(store: Pick<KeyValueStore, 'delete'>): Promise<void> {
  await store.delete(HANDED_OVER_KEY);
}
