import { memo, type MouseEvent } from 'react';
import type { FileAnswerItem } from '../application/values/application-values';
import { useMessages } from '../i18n/messages-context';
import { useUploadProgress } from '../uploads/use-upload-progress';
import { refusalKey, rowState } from './file-row-state';
import { FileThumbnail } from './file-thumbnail';
import { formatFileSize, formatPercent } from './format-file-size';
import { shownBytesSent, uploadingFigures } from './upload-figures';
import { useDeviceFile } from './use-device-file';

interface KeptFileItemProps {
  item: FileAnswerItem;
  rowId: string;
  /** The receiver's rule when it refused this file for good at the send (form/refused-files-context.ts). */
  refusal?: string | undefined;
  onRemove: (item: FileAnswerItem, event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * Whether a row would look the same: the field reads its answer afresh at each render, so an
 * unchanged file comes as a new object with the same parts.
 */
function sameRow(before: KeptFileItemProps, after: KeptFileItemProps): boolean {
  return (
    before.rowId === after.rowId &&
    before.refusal === after.refusal &&
    before.onRemove === after.onRemove &&
    before.item.sha256 === after.item.sha256 &&
    before.item.name === after.item.name &&
    before.item.type === after.item.type &&
    before.item.size === after.item.size
  );
}

/**
 * One kept file of a file field: a thumbnail for a photo on this device, its name and size, how
 * far its upload went (a bar, with bytes and percent; each quarter and the end announced
 * politely), and its Remove button, named "Remove <file name>" from the two visible texts.
 * Redrawn only when its file or its upload changes (sameRow).
 */
export const KeptFileItem = memo(KeptFileRow, sameRow);

function KeptFileRow({ item, rowId, refusal, onRemove }: KeptFileItemProps) {
  const messages = useMessages();
  const locale = messages.locale;
  const progress = useUploadProgress(item.sha256);
  const kept = useDeviceFile(item.sha256, progress?.state);
  const state = rowState(kept, progress, refusal);
  const total = progress && progress.bytesTotal > 0 ? progress.bytesTotal : item.size;
  // Never the whole file before the receiver confirmed it (upload-figures.ts).
  const sent = shownBytesSent(progress?.bytesSent ?? 0, total, state === 'uploaded');
  const nameId = `${rowId}-name`;
  const removeId = `${rowId}-remove`;
  // The small picture the worker drew; a photo kept before there were thumbnails shows itself.
  const picture = kept?.thumbnail ?? kept?.blob;

  let status: string;
  switch (state) {
    case 'uploaded':
      status = messages.text('fileUploaded');
      break;
    case 'refused':
      status = messages.text(refusalKey(refusal ?? ''));
      break;
    case 'failed':
      status = messages.text('fileUploadFailed');
      break;
    case 'missing':
      status = messages.text('fileNotOnDevice');
      break;
    case 'paused':
      status = messages.text('fileUploadPaused');
      break;
    case 'uploading':
      status = messages.text('fileUploadProgress', uploadingFigures(sent, total, locale));
      break;
    default:
      status = messages.text('fileUploadWaiting');
  }
  // Announced at each quarter, not at every chunk: a screen reader reading every percent would say nothing else.
  const quarter = state === 'uploading' ? Math.floor((4 * sent) / Math.max(total, 1)) : -1;
  const announcement =
    state === 'uploaded'
      ? messages.text('fileUploadedAnnounce', { name: item.name })
      : quarter >= 0
        ? messages.text('fileUploadAnnounce', {
            name: item.name,
            sent: formatFileSize((total * quarter) / 4, locale),
            total: formatFileSize(total, locale),
            percent: formatPercent(quarter, 4, locale),
          })
        : '';

  return (
    <li className={`file-item file-item--${state}`}>
      {picture && item.type.startsWith('image/') ? (
        <FileThumbnail blob={picture} />
      ) : (
        <svg className="file-item__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false">
          <path d="M7 3h7l5 5v13H7z M14 3v5h5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      )}
      <div className="file-item__body">
        <span className="file-item__name" id={nameId}>
          {item.name}
        </span>
        <span className="file-item__size">{formatFileSize(item.size, locale)}</span>
        {state === 'waiting' || state === 'uploading' || state === 'paused' ? (
          <progress className="file-item__progress" max={total} value={sent} aria-labelledby={nameId} />
        ) : null}
        <span className={state === 'failed' || state === 'refused' || state === 'missing' ? 'file-item__status field-error' : 'file-item__status'}>
          {status}
        </span>
        <span className="visually-hidden" aria-live="polite">
          {announcement}
        </span>
      </div>
      <button
        type="button"
        className="button button--link file-item__remove"
        id={removeId}
        aria-labelledby={`${removeId} ${nameId}`}
        onClick={(event) => {
          onRemove(item, event);
        }}
      >
        {messages.text('removeCard')}
      </button>
    </li>
  );
}
