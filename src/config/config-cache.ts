/**
 * The Cache Storage cache that holds the last configuration the page opened with (src/boot/kept-config.ts
 * writes it); the service worker serves it when the network cannot answer (last-good-config.ts),
 * and the page reads it when the network's file is unusable. Its entry is keyed by config.json's URL.
 */
export const CONFIG_CACHE = 'config';

/** The message the page sends the active worker once it has kept a configuration: fetch the features it asks for. */
export const CONFIG_KEPT = 'CONFIG_KEPT';
