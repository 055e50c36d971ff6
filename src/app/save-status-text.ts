import type { SaveState } from '../session/session-autosave';
import type { StorageHealth } from '../storage/resilient-store';
import type { MessageKey } from '../i18n/catalogue';

/** The catalogue's words for each state the line names. */
export type SaveStatusKey = Extract<MessageKey, 'sending' | 'uploadingFiles' | 'uploadingOffline' | 'pageOnly' | 'saving' | 'saved'>;

export interface SaveStatusFacts {
  saveState: SaveState;
  sending: boolean;
  storageHealth: StorageHealth;
  /** The application was accepted and its personal data deleted from the device. */
  accepted: boolean;
  /** The application waits for its files' uploads (none refused): how many are uploaded, of how many. */
  uploading?: { uploaded: number; total: number } | undefined;
  /** Whether the browser has a connection; taken as true when not said. */
  online?: boolean;
}

/**
 * The quiet line near the buttons (as a catalogue key), saying only what is true at this moment: after acceptance
 * nothing is kept, so it says nothing; without the device's storage, answers live in this page
 * only, whatever the last save reported.
 */
export function saveStatusText({ saveState, sending, storageHealth, accepted, uploading, online = true }: SaveStatusFacts): SaveStatusKey | null {
  if (accepted) return null;
  if (sending) return 'sending';
  // Offline, no byte moves: "Uploading file 1 of 3…" would read as stuck. The files and then the
  // application go by themselves once the connection is back, and the line says so.
  if (uploading) return online ? 'uploadingFiles' : 'uploadingOffline';
  if (storageHealth === 'memory-only') return saveState === 'idle' ? null : 'pageOnly';
  if (saveState === 'saving') return 'saving';
  return saveState === 'saved' ? 'saved' : null;
}

/** The numbers of "Uploading 2 of 3 files…": the file on its way (the one after those uploaded), of how many. */
export function uploadingValues(uploading: { uploaded: number; total: number }): { current: number; count: number } {
  return { current: Math.min(uploading.uploaded + 1, uploading.total), count: uploading.total };
}
