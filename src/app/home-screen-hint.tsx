import { useEffect, useRef, useState } from 'react';
import { requestPersistentStorage, runsInstalled } from '../storage/persistent-storage';
import { shouldSuggestHomeScreen } from '../storage/should-suggest-home-screen';
import { useMessages } from '../i18n/messages-context';

/** Where the device remembers that the suggestion was shown, so it is shown once. */
export const HOME_SCREEN_HINT_KEY = 'creator-wizard:home-screen-hint';

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
  /** The step on screen: the note appears with the next step, never under the creator's pointer. */
  step: number;
  /**
   * The application was accepted: its answers left the device, so there is nothing left for the
   * browser to clear and the advice (keep your answers, or send today) no longer applies.
   */
  sent: boolean;
  persistence?: () => Promise<boolean | null>;
  installed?: () => boolean;
  memory?: ShownMemory;
}

/**
 * A quiet note, once per device, for a creator whose draft the browser may evict (see
 * should-suggest-home-screen.ts). Not a live region: it is advice, not an alert. It waits for
 * the next step to show, so it is drawn with that step instead of moving the one being filled.
 */
export function HomeScreenHint({
  hasDraft,
  step,
  sent,
  persistence = requestPersistentStorage,
  installed = runsInstalled,
  memory = deviceMemory,
}: HomeScreenHintProps) {
  // The step on which the note became due; it shows from the next one on, until dismissed.
  const [dueOn, setDueOn] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const messages = useMessages();
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  }, [step]);

  useEffect(() => {
    if (!hasDraft || dueOn !== null) return undefined;
    let cancelled = false;
    void persistence().then((persisted) => {
      if (cancelled || !shouldSuggestHomeScreen({ hasDraft, installed: installed(), persisted, alreadyShown: memory.wasShown() })) return;
      setDueOn(stepRef.current);
    });
    return () => {
      cancelled = true;
    };
  }, [hasDraft, dueOn, persistence, installed, memory]);

  // Sending ends the advice for good, as Got it does: a new application started afterwards does
  // not bring it back, as it is shown once per device. (State adjusted while rendering, React's
  // pattern for state that follows a prop: this render is redone at once, dismissed.)
  if (sent && !dismissed) setDismissed(true);
  const visible = dueOn !== null && step !== dueOn && !dismissed;
  useEffect(() => {
    if (visible) memory.markShown();
  }, [visible, memory]);

  if (!visible) return null;
  return (
    <div className="home-screen-hint" role="note">
      <p>{messages.text('homeScreen')}</p>
      <button
        type="button"
        className="button button--link"
        onClick={() => {
          setDismissed(true);
        }}
      >
        {messages.text('gotIt')}
      </button>
    </div>
  );
}
