import type { BrowserContext, Page } from '@playwright/test';

/**
 * Fires the outbox's Background Sync in the service worker of `origin`, as Chromium does once it is
 * online, through CDP from `page` (a page of the context, not the app's: it may be closed by then).
 * Returns the function that fires one sync.
 */
export async function outboxSyncFiring(context: BrowserContext, page: Page, origin: string): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((candidate) => candidate.scopeURL.startsWith(origin) && !candidate.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return async () => {
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registrationId, tag: 'creator-wizard:outbox', lastChance: false });
  };
}
