import { saveStatusText, type SaveStatusFacts } from './save-status-text';

/**
 * A quiet line near the buttons. It is not announced (it changes with every pause in typing);
 * losing the device's storage is, since the creator should then keep the page open.
 */
export function SaveStatus(facts: SaveStatusFacts) {
  return (
    <>
      <p className="save-status" aria-live="off">
        {saveStatusText(facts)}
      </p>
      <p className="storage-notice" role="status">
        {facts.storageHealth === 'memory-only' && !facts.accepted
          ? 'This device cannot save your application right now, so it is kept in this page only. Please keep the page open until it is sent; saving is retried in the background.'
          : ''}
      </p>
    </>
  );
}
