import { heldAcrossRerun, type HeldAcrossRerun } from '../browser/held-across-rerun';
import type { PageEvents } from '../browser/page-events';
import type { Outbox } from '../outbox/outbox';
import type { Proofs } from '../proof-of-work/proofs';
import { openDraftChannel, type DraftMessage } from '../tabs/draft-channel';
import { createEditorLock, type EditorRole, type RoleChangeReason } from '../tabs/editor-lock';
import { registerFormValues } from '../telemetry/personal-values';
import { listenForOutbox } from './page-outbox';
import type { Autosave } from './session-autosave';
import type { SessionForm } from './session-form';

/** What an awake session holds of the page while it is shown; `close` gives all of it back. */
export interface PageConnection {
  post(message: DraftMessage): void;
  takeOver(): void;
  close(): void;
}

interface ConnectOptions {
  locks: LockManager | undefined;
  page: PageEvents;
  serviceWorker: ServiceWorkerContainer | undefined;
  form: SessionForm;
  autosave: Autosave;
  outbox: Outbox;
  /** The receiver's proof of work, solved ahead while the page holds the session. */
  proofs: Proofs;
  onRole: (role: EditorRole, reason: RoleChangeReason) => void;
  onMessage: (message: DraftMessage) => void;
}

/**
 * Takes everything the session uses of the page, in one place so that giving it back is one
 * call: the editor lock, the channel to the other tabs, the form's changes (autosave), the page
 * going away (autosave), the queue's events, and the telemetry scrubbers' view of the answers.
 * Each is taken afresh on every connection, so a session connected, closed and connected again
 * (an effect run twice, a subtree hidden and shown) holds live ones, never closed ones.
 */
export function connectToPage({ locks, page, serviceWorker, form, autosave, outbox, proofs, onRole, onMessage }: ConnectOptions): PageConnection {
  const channel = openDraftChannel(onMessage);
  const stopWatching = form.watch(() => {
    autosave.schedule();
  });
  const stopPage = autosave.watchPage(page);
  const stopOutbox = listenForOutbox(outbox, proofs, page, serviceWorker);
  // Read only when an event or report is about to leave the device.
  const stopTelemetry = registerFormValues(
    () => form.values(),
    () => form.shownTexts(),
  );
  // Without Web Locks there is no lock: every tab edits (the session says so).
  const lock = locks ? createEditorLock(onRole, locks) : null;
  return {
    post: (message) => {
      channel.post(message);
    },
    takeOver: () => {
      lock?.takeOver();
    },
    close() {
      // Written while this tab still may: a change typed in the last half second is not lost.
      autosave.flush();
      lock?.release();
      stopTelemetry();
      stopOutbox();
      outbox.stop();
      stopPage();
      stopWatching();
      channel.close();
    },
  };
}

interface HeldConnectionOptions extends Omit<ConnectOptions, 'form'> {
  /** The form attached when the connection is taken (the session throws without one). */
  form: () => SessionForm;
  opened: (connection: PageConnection) => void;
  closed: (connection: PageConnection) => void;
}

/**
 * The session's page connection, kept rather than taken again when the page lets go and attaches
 * again in the same task (browser/held-across-rerun.ts). Without Web Locks every tab edits, so the
 * role is told at once.
 */
export function heldPageConnection({ form, opened, closed, ...options }: HeldConnectionOptions): HeldAcrossRerun<PageConnection> {
  return heldAcrossRerun(
    () => {
      const connection = connectToPage({ ...options, form: form() });
      opened(connection);
      if (!options.locks) options.onRole('editor', 'first');
      return connection;
    },
    (connection) => {
      connection.close();
      closed(connection);
    },
  );
}
