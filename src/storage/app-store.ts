import { createResilientStore } from './resilient-store';
import { APP_DB_NAME, APP_STORE_NAME } from './stored-keys';

/**
 * The one store of the page. What it holds (docs/offline-and-storage.md, "What is kept on this device"):
 * - `draft`: the application being typed and the step it is on, until it is accepted;
 * - `outbox`: an application waiting to be sent, until it is accepted;
 * - `submitted`: a marker without personal data, so a reload shows the Creator Hub step;
 * - `corrupt-draft`: a draft that could not be read, set aside instead of deleted.
 */

export const appStore = createResilientStore({ dbName: APP_DB_NAME, storeName: APP_STORE_NAME });
