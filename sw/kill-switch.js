/* global self, caches */
// The kill switch: a service worker that retires itself. If a release goes wrong, a deployer
// serves this file as sw.js (docs/deploying.md, "Retiring the service worker"). Every installed client
// finds it at its next update check (each load, each return to the tab, hourly), and it:
// takes control at once, deletes every Cache Storage cache of the origin (the app shell, the
// kept config.json, the images) and unregisters itself. It has no fetch handler, so from then
// on every request goes to the network, as on a site without a service worker.
// IndexedDB is left alone: creators' drafts and unsent applications stay on their devices.
// Open pages are not reloaded (a reload could lose what is being typed; and each load registers
// sw.js again, which would be this file again); they work online, and the next load is fresh.
self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
      await self.registration.unregister();
    })(),
  );
});
