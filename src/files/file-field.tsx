import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type DragEvent, type MouseEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { fileFieldRules } from '../application/rules/file-fields';
import type { FileFieldConfig } from '../application/rules/form-config-schema';
import type { FileAnswerItem } from '../application/values/application-values';
import { fileAnswerOf } from '../application/values/file-answer';
import { ConfigWords } from '../fields/config-words';
import { describedBy, FieldError, FieldHint } from '../fields/field-error';
import { fieldId } from '../fields/field-id';
import { usePendingInputs } from '../form/pending-inputs';
import { useRefusedFiles } from '../form/refused-files-context';
import { useRequestUrl } from '../form/request-url-context';
import { useMessages } from '../i18n/messages-context';
import { usePageUploads } from '../uploads/use-page-uploads';
import { uploadsUrl } from '../uploads/uploads-endpoint';
import type { RefusedFile } from './check-chosen-files';
import { deleteDeviceFile, putDeviceFile } from '../storage/device-files';
import { formatSizeLimit } from './format-file-size';
import { keepChosenFiles, type KeepingDevices } from './keep-chosen-files';
import { KeptFileItem } from './kept-file-item';
import { referencedElsewhere } from './referenced-elsewhere';
import { prepareInWorker } from './prepare-in-worker';
import './file-field.css';

/** The browser's side of keeping a file: the worker that makes photos smaller and takes SHA-256s, and IndexedDB. */
const DEVICE: KeepingDevices = { prepare: prepareInWorker, put: (file) => putDeviceFile(file) };

/** The count the kept room of the "Keeping N files" line is measured with: two digits, plural. */
const KEEPING_SIZER_COUNT = 99;

/**
 * A file field: photos and documents chosen with the device's picker (on a phone, `accept`
 * offers the camera and the gallery: no `capture` attribute, which would take the gallery away)
 * or dropped on it from a computer, kept on this device at once (keep-chosen-files.ts), listed
 * with a thumbnail, size and upload progress, and uploaded as soon as there is a connection.
 * Loaded with its own chunk (fields/form-field-view.tsx) when a file field is first on screen.
 *
 * The native input sits under its label, which looks like a button and carries the field's
 * label: the control's name is its visible text, and a keyboard reaches the input itself.
 */
export function FileField({ field }: { field: FileFieldConfig }) {
  const messages = useMessages();
  const requestUrl = useRequestUrl();
  const pendingInputs = usePendingInputs();
  const refusedAtSend = useRefusedFiles();
  // The session's upload queue (uploads/session-uploads.ts), made when the first file field is drawn.
  const uploads = usePageUploads();
  const { field: control, fieldState } = useController({ name: field.path });
  const { getValues } = useFormContext();
  const { onChange } = control;
  const rules = useMemo(() => fileFieldRules(field), [field]);
  const items = fileAnswerOf(control.value);
  const id = fieldId(field.path);
  const [refused, setRefused] = useState<readonly RefusedFile[]>([]);
  const [keeping, setKeeping] = useState(0);
  // While files are being kept the field is not empty: Continue waits for them, and says nothing is missing.
  const error = keeping > 0 ? undefined : fieldState.error?.message;
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Choices are kept one batch after the other: a second pick while six photos are made smaller waits its turn.
  const batches = useRef<Promise<void>>(Promise.resolve());
  const endpoint = requestUrl ? uploadsUrl(requestUrl, location.href) : null;
  const holdsFiles = items.length > 0;

  // A draft restored with files not yet uploaded (a reload, a closed tab): their uploads go on.
  // Each upload names its field: the receiver checks the file against that field's rules.
  useEffect(() => {
    if (endpoint && holdsFiles) uploads.uploadSoon(endpoint, Object.fromEntries(fileAnswerOf(getValues(field.path)).map((item) => [item.sha256, rules.key])));
  }, [uploads, endpoint, holdsFiles, getValues, field.path, rules.key]);

  const current = useCallback((): readonly FileAnswerItem[] => fileAnswerOf(getValues(field.path)), [getValues, field.path]);

  function choose(files: readonly File[]) {
    if (files.length === 0) return;
    setRefused([]);
    setAnnouncement('');
    // Counted from the choice, not from the batch's turn: the line and Continue's wait start at once.
    setKeeping((count) => count + files.length);
    batches.current = batches.current
      .then(async () => {
        try {
          const outcome = await keepChosenFiles(files, rules, current(), DEVICE, (item) => {
            // Each file joins the answer once its bytes are stored, so the draft never names a file the
            // device does not hold. The value changes at once (the draft's autosave hears it); the list
            // is redrawn as a transition, in slices the page can interrupt, not one long task per photo.
            const next = [...current(), item];
            startTransition(() => {
              onChange(next);
            });
          });
          setRefused(outcome.refused);
          if (outcome.kept.length > 0) {
            setAnnouncement(messages.text('filesKept', { count: outcome.kept.length }));
            if (endpoint) uploads.uploadSoon(endpoint, Object.fromEntries(current().map((item) => [item.sha256, rules.key])));
          }
        } finally {
          setKeeping((count) => Math.max(0, count - files.length));
          control.onBlur();
        }
      })
      // keepChosenFiles refuses a file rather than throwing; were it to throw, the next choice must still run.
      .catch(() => undefined);
    // Continue and the send wait for this batch (form/pending-inputs.ts), whenever they are pressed.
    pendingInputs.hold(batches.current);
  }

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.currentTarget.files ?? []);
    // Emptied, so that the same file chosen again (after a Remove) is a change too.
    event.currentTarget.value = '';
    choose(files);
  }

  function canTakeDrop(): boolean {
    // The step's fieldset is disabled while the application is read only here: no drop either.
    return inputRef.current?.matches(':disabled') !== true;
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!event.dataTransfer.types.includes('Files') || !canTakeDrop()) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    setDragging(false);
    if (!event.dataTransfer.types.includes('Files') || !canTakeDrop()) return;
    event.preventDefault();
    choose(Array.from(event.dataTransfer.files));
  }

  // The same function from render to render: the rows are memoised (kept-file-item.tsx), and a row
  // whose props did not change is not redrawn when another file joins the list.
  const remove = useCallback(
    (item: FileAnswerItem, event: MouseEvent<HTMLButtonElement>) => {
      // The pressed button goes with its row: focus the next row's Remove, else the previous, else the picker.
      const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('.file-item__remove') ?? []);
      const at = buttons.indexOf(event.currentTarget);
      const nextFocus = buttons[at + 1] ?? buttons[at - 1] ?? inputRef.current;
      onChange(current().filter((kept) => kept.sha256 !== item.sha256));
      if (!referencedElsewhere(getValues(), field.path, item.sha256)) {
        uploads.forget(item.sha256);
        void deleteDeviceFile(item.sha256).catch(() => undefined);
      }
      setRefused([]);
      setAnnouncement(messages.text('removedOption', { name: item.name }));
      nextFocus?.focus();
    },
    [uploads, onChange, current, getValues, field.path, messages],
  );

  const refusedId = `${id}-refused`;
  const limitsId = `${id}-limits`;
  const described = [describedBy(id, field.hint, error), limitsId, refused.length > 0 ? refusedId : undefined].filter(Boolean).join(' ');
  return (
    <div
      className={`field file-field${dragging ? ' file-field--dragging' : ''}${error ? ' field--invalid' : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => {
        setDragging(false);
      }}
      onDrop={onDrop}
    >
      <input
        id={id}
        ref={(element) => {
          inputRef.current = element;
          control.ref(element);
        }}
        className="visually-hidden file-field__input"
        type="file"
        name={field.path}
        multiple={field.maxFiles > 1}
        accept={field.accept.join(',')}
        onChange={onInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      <label className="button button--secondary file-field__choose" htmlFor={id}>
        <ConfigWords text={field.label} />
      </label>
      <span className="file-field__drop">{messages.text('fileDropHere')}</span>
      <FieldHint id={id} text={field.hint} />
      <p className="field__hint" id={limitsId}>
        {messages.text('fileLimits', { count: field.maxFiles, max: formatSizeLimit(field.maxBytes, messages.locale) })}
      </p>
      {/* The line saying files are being kept comes and goes by itself, above the list: its room is
          kept (a hidden copy of its longest wording in the same grid cell), so no Remove button
          moves under a finger when it goes. */}
      <div className="file-field__status">
        <p className="field__hint file-field__status-sizer" aria-hidden="true">
          {messages.text('fileKeeping', { count: KEEPING_SIZER_COUNT })}
        </p>
        <p className="field__hint" role="status">
          {keeping > 0 ? messages.text('fileKeeping', { count: keeping }) : ''}
        </p>
      </div>
      {/* Always in the page, so that a screen reader hears the lines as they are put in it. */}
      <div className="file-field__refused" id={refusedId} role="alert">
        {refused.length > 0 ? (
          <ul className="file-field__refused-list">
            {refused.map((file, index) => (
              <li key={`${String(index)}-${file.name}`} className="field-error">
                {messages.text(file.reason, { name: file.name, count: field.maxFiles, max: formatSizeLimit(field.maxBytes, messages.locale) })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {holdsFiles ? (
        <ul className="file-list" ref={listRef}>
          {items.map((item) => (
            <KeptFileItem
              key={item.sha256}
              item={item}
              rowId={`${id}-${item.sha256.slice(0, 16)}`}
              refusal={refusedAtSend.get(item.sha256)}
              onRemove={remove}
            />
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
