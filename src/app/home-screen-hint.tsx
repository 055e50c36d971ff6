import { useEffect, useState } from 'react';
import { requestPersistentStorage, runsInstalled } from '../storage/persistent-storage';
import { shouldSuggestHomeScreen } from '../storage/should-suggest-home-screen';

/** Where the device remembers that the suggestion was shown, so it is shown once. */
export const HOME_SCREEN_HINT_KEY = 'creator-wizard:home-screen-hint';

export const HOME_SCREEN_HINT_TEXT =
  'This browser may clear saved answers of a site you have not opened for a few days. To keep yours, add this page to your Home Screen (on iPhone: Share, then Add to Home Screen) and continue from there, or send your application today.';

interface ShownMemory {
  wasShown(): boolean;
  markShown(): void;
}

// Private modes may refuse localStorage: then the suggestion may show again, which is harmless.
const deviceMemory: ShownMemory = {
  wasShown: () => {
    try {
      return localStorage.getItem(HOME_SCREEN_HINT_KEY) !== null;
    } catch {
      return false;
    }
  },
  markShown: () => {
    try {
      localStorage.setItem(HOME_SCREEN_HINT_KEY, 'shown');
    } catch {
      // Nothing to do: see above.
    }
  },
};

interface HomeScreenHintProps {
  /** A draft is saved on this device (there is something to lose). */
  hasDraft: boolean;
  persistence?: () => Promise<boolean | null>;
  installed?: () => boolean;
  memory?: ShownMemory;
}

/**
 * A quiet note, once per device, for a creator whose draft the browser may evict (see
 * should-suggest-home-screen.ts). Not a live region: it is advice, not an alert.
 */
export function HomeScreenHint({ hasDraft, persistence = requestPersistentStorage, installed = runsInstalled, memory = deviceMemory }: HomeScreenHintProps) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!hasDraft) return undefined;
    let cancelled = false;
    void persistence().then((persisted) => {
      if (cancelled || !shouldSuggestHomeScreen({ hasDraft, installed: installed(), persisted, alreadyShown: memory.wasShown() })) return;
      memory.markShown();
      setVisible(true);
    });
    return () => {
      cancelled = true;
    };
  }, [hasDraft, persistence, installed, memory]);

  if (!visible) return null;
  return (
    <div className="home-screen-hint" role="note">
      <p>{HOME_SCREEN_HINT_TEXT}</p>
      <button type="button" className="button button--link" onClick={() => { setVisible(false); }}>
        Got it
      </button>
    </div>
  );
}
