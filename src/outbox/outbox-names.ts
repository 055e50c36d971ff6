/**
 * The names under which the page and the service worker meet about a submission, kept with the
 * outbox that owns them (the stored record's key is with the app's other keys, storage/stored-keys.ts).
 */

/** The Background Sync tag under which a failed submission is replayed by the service worker. */
export const OUTBOX_SYNC_TAG = 'creator-wizard:outbox';

/** The channel on which the service worker tells open tabs that it sent the application. */
export const SUBMISSION_CHANNEL = 'creator-wizard:submission';

/** The Web Lock held while one tab, or the service worker, sends. */
export const SEND_LOCK_NAME = 'creator-wizard:send';
