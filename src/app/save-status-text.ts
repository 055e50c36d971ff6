import type { SaveState } from '../session/session-autosave';
import type { StorageHealth } from '../storage/resilient-store';
import type { MessageKey } from '../i18n/catalogue';

/** The catalogue's words for each state the line names. */
export type SaveStatusKey = Extract<MessageKey, 'sending' | 'pageOnly' | 'saving' | 'saved'>;

export interface SaveStatusFacts {
  saveState: SaveState;
  sending: boolean;
  storageHealth: StorageHealth;
  /** The application was accepted and its personal data deleted from the device. */
  accepted: boolean;
}

/**
 * The quiet line near the buttons (as a catalogue key), saying only what is true at this moment: after acceptance
 * nothing is kept, so it says nothing; without the device's storage, answers live in this page
 * only, whatever the last save reported.
 */
export function saveStatusText({ saveState, sending, storageHealth, accepted }: SaveStatusFacts): SaveStatusKey | null {
  if (accepted) return null;
  if (sending) return 'sending';
  if (storageHealth === 'memory-only') return saveState === 'idle' ? null : 'pageOnly';
  if (saveState === 'saving') return 'saving';
  return saveState === 'saved' ? 'saved' : null;
}
