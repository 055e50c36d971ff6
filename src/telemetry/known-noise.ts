/**
 * Errors browsers raise on their own that the app already survives and reports nothing new
 * about: storage refused or full (private windows, quota), the service worker refused or
 * interrupted, and network hiccups while offline.
 */
export const KNOWN_NOISE: readonly RegExp[] = [
  /QuotaExceededError/i,
  /\bquota\b/i,
  /IndexedDB|IDBDatabase|IDBTransaction|IDBObjectStore|backing store|Connection to Indexed Database server lost/i,
  /The (database|transaction) (connection )?(is|was) (closing|closed|aborted|inactive)/i,
  /ServiceWorker|service worker|Failed to register a ServiceWorker|ServiceWorkerRegistration/i,
  /Failed to update a ServiceWorker/i,
  // Only the bare network failures: "Failed to fetch dynamically imported module" is a real fault.
  /^TypeError: (Load failed|Failed to fetch|NetworkError when attempting to fetch resource\.)$/i,
];

/** Whether an error (or its message) is known browser noise rather than a fault of the app. */
export function isKnownNoise(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : '';
  return text !== '' && KNOWN_NOISE.some((pattern) => pattern.test(text));
}
