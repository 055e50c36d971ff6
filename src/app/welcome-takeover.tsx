import { type ReactElement, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { preloadFormSection } from '../blocks/lazy-form-section-block';
import { whenIdle } from '../browser/when-idle';
import { useWarmHiddenStep } from './use-warm-hidden-step';
import type { WizardConfig } from '../config/config-schema';
import { WelcomeShell } from './welcome-shell';
import { WizardAwakeContext } from './wizard-awake';

interface WelcomeTakeoverProps {
  config: WizardConfig;
  /** Loads the wizard's chunk and the application; resolves with the wizard opened on step 1. */
  loadWizard: () => Promise<ReactElement>;
  /**
   * The same, ahead of Continue, while Welcome is read: it refuses (rejects) when the device has
   * come to hold an application meanwhile, since reading that one may set it aside or forget it,
   * which is Continue's to do; Continue then loads it as before.
   */
  buildAhead: () => Promise<ReactElement>;
  /**
   * Whether the device has come to hold an application since the wizard was built (another tab
   * saved a draft while this one showed Welcome): it is then built afresh, from what is stored,
   * as a Continue before this change did, so this tab never overwrites that draft with a blank one.
   */
  builtWizardIsStale: () => boolean;
  /** Whether Continue was pressed on index.html's Welcome before the app ran (see WelcomeShell). */
  continuePressedEarly?: () => boolean;
  /** Called once this Welcome has replaced index.html's, before it is painted (to give focus back). */
  onTakenOver?: () => void;
}

/**
 * A first visit's Welcome, with the wizard built behind it. Once the browser is idle the wizard
 * is loaded and mounted, already on step 1, hidden (display: none, out of the accessibility
 * tree) and not awake (wizard-awake.ts): its fields are wired up as on any mount, but nothing
 * acts beyond the form (no draft saved, no tab lock, no analytics, no focus moved). Continue
 * then only unhides it and wakes it. Pressed before the wizard is ready, Continue loads it then.
 *
 * Not a hidden Activity, which holds back every effect: showing one mounted every field's
 * effects in the press (Headless UI's comboboxes each drawn again), about half of the first
 * Continue at 4x CPU (issue 16).
 */
export function WelcomeTakeover({ config, loadWizard, buildAhead, builtWizardIsStale, continuePressedEarly, onTakenOver }: WelcomeTakeoverProps) {
  const [wizard, setWizard] = useState<ReactElement | null>(null);
  const [continued, setContinued] = useState(false);
  const loading = useRef<Promise<ReactElement> | null>(null);
  // The build ahead of Continue, kept apart from `loading`: when it refuses, nothing is read until
  // Continue asks, since reading an application that came meanwhile (another tab's draft, one
  // that cannot be read) may set it aside or forget it, which only Continue may do.
  const ahead = useRef<Promise<ReactElement> | null>(null);

  // One load at a time; a failed one is forgotten so the next press tries again. A press while
  // the build ahead is under way waits for it, and loads afresh only if it refused.
  const load = useCallback((): Promise<ReactElement> => {
    const built = ahead.current;
    loading.current ??= (built ? built.catch(() => loadWizard()) : loadWizard()).catch((error: unknown) => {
      loading.current = null;
      throw error;
    });
    return loading.current;
  }, [loadWizard]);

  useLayoutEffect(() => {
    onTakenOver?.();
  }, [onTakenOver]);

  useEffect(
    () =>
      whenIdle(() => {
        preloadFormSection();
        // Continue came first (pressed before the app ran, or at once): its load is the one.
        if (loading.current) return;
        const built = buildAhead();
        ahead.current = built;
        // Mounted in a transition: React draws the whole wizard in slices of a few milliseconds
        // that give way to a press or a keystroke, where an update from a promise would be drawn
        // in one task (at 4x CPU a task of several hundred milliseconds while Welcome is read,
        // which is what a tap then waits for; Lighthouse counts it as blocking time).
        built.then(
          (ready) => {
            startTransition(() => {
              setWizard(ready);
            });
          },
          () => undefined,
        );
      }),
    [buildAhead],
  );

  // While Welcome is read, the hidden first step's fonts and words are readied for drawing.
  useWarmHiddenStep(wizard && !continued ? 1 : null);

  const onContinue = useCallback((): Promise<void> => {
    // Ready: shown in the press's own render, no load and no frame in between.
    if (wizard && !builtWizardIsStale()) {
      setContinued(true);
      return Promise.resolve();
    }
    if (wizard) {
      // Unmounted first, so the fresh one mounts with its own state rather than the stale one's.
      setWizard(null);
      loading.current = null;
      ahead.current = null;
    }
    return load().then((ready) => {
      setWizard(ready);
      setContinued(true);
    });
  }, [builtWizardIsStale, load, wizard]);

  return (
    <>
      {continued ? null : <WelcomeShell config={config} onContinue={onContinue} continuePressedEarly={continuePressedEarly} />}
      {wizard ? (
        <WizardAwakeContext.Provider value={continued}>
          <div className="takeover-slot" hidden={!continued}>
            {wizard}
          </div>
        </WizardAwakeContext.Provider>
      ) : null}
    </>
  );
}
