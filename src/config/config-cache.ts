/**
 * The Cache Storage cache in which the service worker keeps the last configuration it accepted;
 * the page reads it too when it loads without the worker (a hard reload).
 */
export const CONFIG_CACHE = 'config';
