/**
 * Names of what the app keeps on the device, shared by the page and the service worker
 * (which replays the outbox after the tab is closed). README "What is kept on this device".
 */
export const APP_DB_NAME = 'creator-wizard';
export const APP_STORE_NAME = 'state';
export const DRAFT_KEY = 'draft';
export const SUBMITTED_KEY = 'submitted';
export const CORRUPT_DRAFT_KEY = 'corrupt-draft';
export const OUTBOX_KEY = 'outbox';
/** The Background Sync tag under which a failed submission is replayed by the service worker. */
export const OUTBOX_SYNC_TAG = 'creator-wizard:outbox';
/** The channel on which the service worker tells open tabs that it sent the application. */
export const SUBMISSION_CHANNEL = 'creator-wizard:submission';
