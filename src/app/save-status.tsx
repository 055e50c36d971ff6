import { useOnline } from '../browser/use-online';
import { useStillWhilePressed } from '../browser/use-still-while-pressed';
import { useMessages } from '../i18n/messages-context';
import { saveStatusText, uploadingValues, type SaveStatusFacts } from './save-status-text';

/**
 * A quiet line near the buttons. It is not announced (it changes with every pause in typing);
 * losing the device's storage is, since the creator should then keep the page open.
 */
export function SaveStatus(facts: SaveStatusFacts) {
  const messages = useMessages();
  // Its text changes with every pause in typing; the storage notice comes and goes by itself.
  const online = useOnline();
  const line = useStillWhilePressed(saveStatusText({ ...facts, online }));
  const storageLost = useStillWhilePressed(facts.storageHealth === 'memory-only' && !facts.accepted);
  return (
    <>
      <p className="save-status" aria-live="off">
        {line === 'uploadingFiles' && facts.uploading ? messages.text(line, uploadingValues(facts.uploading)) : line ? messages.text(line) : ''}
      </p>
      <p className="storage-notice" role="status">
        {storageLost ? messages.text('storageLost') : ''}
      </p>
    </>
  );
}
