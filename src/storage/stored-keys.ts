/**
 * Names of what the app keeps on the device, shared by the page and the service worker
 * (which replays the outbox after the tab is closed). docs/offline-and-storage.md, "What is kept on this device".
 * The names the page and the worker meet under (sync tag, channel, lock) are the outbox's.
 */
export const APP_DB_NAME = 'creator-wizard';
export const APP_STORE_NAME = 'state';
export const DRAFT_KEY = 'draft';
export const SUBMITTED_KEY = 'submitted';
export const CORRUPT_DRAFT_KEY = 'corrupt-draft';
export const OUTBOX_KEY = 'outbox';
/** The application's id and the last revision this device knows of it, once it has been handed over between devices. */
export const HANDOVER_REVISION_KEY = 'handover-revision';
/**
 * Where builds before the handover had one name kept HANDOVER_REVISION_KEY's record: read once
 * and moved (handover/handover-revision.ts), and deleted with it, so a device updated after a
 * handover still sends under the application's own id.
 */
export const HANDOVER_REVISION_KEY_BEFORE = 'lineage';
/** The application continues on another device: when the link was made, its id (never its key), when it expires. */
export const HANDED_OVER_KEY = 'handed-over';

/** What `submitted` holds after acceptance: no personal data, so a reload shows the Creator Hub step. */
export interface SubmittedMarker {
  submittedAt: number;
}
