import { type ReactElement, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { preloadFormSection } from '../blocks/lazy-form-section-block';
import { whenIdle } from '../browser/when-idle';
import { useWarmHiddenStep } from './use-warm-hidden-step';
import type { WizardConfig } from '../config/config-schema';
import { WelcomeShell } from './welcome-shell';

/** The wizard ready to show, and its session (Welcome wakes it); see render-application.tsx. */
export interface PreparedWizard {
  element: ReactElement;
  session: { wake(): Promise<boolean>; dispose(): void };
}

interface WelcomeTakeoverProps {
  config: WizardConfig;
  /** Loads the wizard's chunk and the application from the store; resolves with the wizard opened on step 1, awake. */
  loadWizard: () => Promise<PreparedWizard>;
  /**
   * The same, ahead of Continue, while Welcome is read, from a blank application and asleep: it
   * refuses (rejects) when the device has come to hold an application meanwhile, since reading
   * that one may set it aside or forget it, which is Continue's to do; Continue then loads it.
   */
  buildAhead: () => Promise<PreparedWizard>;
  /** Whether Continue was pressed on index.html's Welcome before the app ran (see WelcomeShell). */
  continuePressedEarly?: () => boolean;
  /** Called once this Welcome has replaced index.html's, before it is painted (to give focus back). */
  onTakenOver?: () => void;
}

/**
 * A first visit's Welcome, with the wizard built behind it. The hand-over's stages:
 *
 * | stage     | on screen           | the wizard                                  | next                                   |
 * | --------- | ------------------- | ------------------------------------------- | -------------------------------------- |
 * | welcome   | Welcome             | not loaded                                  | idle: building; Continue: loading      |
 * | building  | Welcome             | loading, blank (buildAhead)                 | built; refused: welcome; Continue: loading |
 * | built     | Welcome             | mounted hidden, its session asleep          | Continue: waking                       |
 * | loading   | Welcome (pressed)   | loading from the store (loadWizard), or the build under way | shown, or welcome with the failure said |
 * | waking    | the wizard, step 1  | shown; its session asks the store           | nothing came meanwhile: shown; else loading afresh |
 * | shown     | the wizard          | awake: saves, holds the tab lock, sends     | (the page's life)                      |
 *
 * Asleep, the session only holds the form: its fields' effects (react-hook-form registering each
 * field, Headless UI wiring each combobox, configured HTML set) run while the creator reads
 * Welcome instead of in the press of Continue, and nothing else acts: no draft saved, no tab lock,
 * no channel to the other tabs, no queued application sent, no "Step Reached", no focus moved.
 * Whether another tab saved an application meanwhile (the blank wizard is then stale) is the
 * store's answer, read by the session as it wakes, not a guess made here.
 *
 * Not a hidden Activity, which holds back every effect: showing one mounted every field's
 * effects in the press (Headless UI's comboboxes each drawn again), about half of the first
 * Continue at 4x CPU.
 */
export function WelcomeTakeover({ config, loadWizard, buildAhead, continuePressedEarly, onTakenOver }: WelcomeTakeoverProps) {
  // Keyed by its build, so a wizard loaded afresh mounts with its own state, not the stale one's.
  const [wizard, setWizard] = useState<{ prepared: PreparedWizard; build: number } | null>(null);
  const [continued, setContinued] = useState(false);
  const builds = useRef(0);
  const loading = useRef<Promise<PreparedWizard> | null>(null);
  // The build ahead of Continue, kept apart from `loading`: when it refuses, nothing is read until
  // Continue asks, since reading an application that came meanwhile (another tab's draft, one
  // that cannot be read) may set it aside or forget it, which only Continue may do.
  const ahead = useRef<Promise<PreparedWizard> | null>(null);

  // One load at a time; a failed one is forgotten so the next press tries again. A press while
  // the build ahead is under way waits for it, and loads afresh only if it refused.
  const load = useCallback((): Promise<PreparedWizard> => {
    const built = ahead.current;
    loading.current ??= (built ? built.catch(() => loadWizard()) : loadWizard()).catch((error: unknown) => {
      loading.current = null;
      throw error;
    });
    return loading.current;
  }, [loadWizard]);

  const mount = useCallback((prepared: PreparedWizard) => {
    builds.current += 1;
    setWizard({ prepared, build: builds.current });
  }, []);

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
              mount(ready);
            });
          },
          () => undefined,
        );
      }),
    [buildAhead, mount],
  );

  // While Welcome is read, the hidden first step's fonts and words are readied for drawing.
  useWarmHiddenStep(wizard && !continued ? 1 : null);

  /** Shows the wizard and wakes its session; one built blank that the store has overtaken is replaced by one loaded from the store. */
  const show = useCallback(
    async (prepared: PreparedWizard): Promise<void> => {
      setContinued(true);
      if (await prepared.session.wake()) return;
      prepared.session.dispose();
      loading.current = null;
      ahead.current = null;
      try {
        mount(await load());
      } catch (error) {
        setContinued(false);
        throw error;
      }
    },
    [load, mount],
  );

  const onContinue = useCallback((): Promise<void> => {
    // Ready: shown in the press's own render, no load and no frame in between.
    if (wizard) return show(wizard.prepared);
    return load().then((ready) => {
      mount(ready);
      return show(ready);
    });
  }, [load, mount, show, wizard]);

  return (
    <>
      {continued ? null : <WelcomeShell config={config} onContinue={onContinue} continuePressedEarly={continuePressedEarly} />}
      {wizard ? (
        <div className="takeover-slot" hidden={!continued} key={wizard.build}>
          {wizard.prepared.element}
        </div>
      ) : null}
    </>
  );
}
