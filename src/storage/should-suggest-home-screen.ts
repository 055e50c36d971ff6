/**
 * When to suggest adding the app to the Home Screen. Safari (every browser on an iPhone) may
 * delete what a site it has not seen in days stored by script, unless the site is on the Home
 * Screen or the browser agreed to keep its storage (navigator.storage.persist()). A creator
 * who leaves a half-done application for a week could come back to an empty form; this says
 * so once, when there is a draft to lose, the app is not installed, and persistence was refused.
 */
export interface HomeScreenFacts {
  /** A draft is saved on this device. */
  hasDraft: boolean;
  /** Opened from the Home Screen or as an installed app. */
  installed: boolean;
  /** What persist() answered: true, false, or null when the browser has no such API or has not answered. */
  persisted: boolean | null;
  /** The suggestion was shown before on this device. */
  alreadyShown: boolean;
}

export function shouldSuggestHomeScreen({ hasDraft, installed, persisted, alreadyShown }: HomeScreenFacts): boolean {
  return hasDraft && !installed && persisted === false && !alreadyShown;
}
