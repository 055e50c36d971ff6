import type { SaveState } from '../drafts/use-autosave';
import type { StorageHealth } from '../storage/resilient-store';

interface SaveStatusProps {
  saveState: SaveState;
  sending: boolean;
  storageHealth: StorageHealth;
}

/**
 * A quiet line near the buttons. "Saved" is not announced (it changes with every pause in
 * typing); losing the device's storage is, since the creator should then keep the page open.
 */
export function SaveStatus({ saveState, sending, storageHealth }: SaveStatusProps) {
  return (
    <>
      <p className="save-status" aria-live="off">
        {sending ? 'Sending your application…' : saveState === 'saved' ? 'Saved on this device' : saveState === 'saving' ? 'Saving…' : ''}
      </p>
      <p className="storage-notice" role="status">
        {storageHealth === 'memory-only'
          ? 'This device cannot save your application right now, so it is kept in this page only. Please keep the page open until it is sent; saving is retried in the background.'
          : ''}
      </p>
    </>
  );
}
