/// <reference lib="WebWorker" />
// The service worker. Precaching, offline navigation and background sync arrive with the PWA
// work; until then the page does not register it, but the build already injects the precache
// manifest here so that pipeline is exercised on every build.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

export const precacheManifest = self.__WB_MANIFEST;
