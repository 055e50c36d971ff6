import type { SaveState } from '../session/session-autosave';
import type { StorageHealth } from '../storage/resilient-store';

export interface SaveStatusFacts {
  saveState: SaveState;
  sending: boolean;
  storageHealth: StorageHealth;
  /** The application was accepted and its personal data deleted from the device. */
  accepted: boolean;
}

/**
 * The quiet line near the buttons, saying only what is true at this moment: after acceptance
 * nothing is kept, so it says nothing; without the device's storage, answers live in this page
 * only, whatever the last save reported.
 */
export function saveStatusText({ saveState, sending, storageHealth, accepted }: SaveStatusFacts): string {
  if (accepted) return '';
  if (sending) return 'Sending your application…';
  if (storageHealth === 'memory-only') return saveState === 'idle' ? '' : 'Kept in this page only';
  if (saveState === 'saving') return 'Saving…';
  return saveState === 'saved' ? 'Saved on this device' : '';
}
