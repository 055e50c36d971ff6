import { type ReactElement, useDeferredValue, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { preloadFormSection } from '../blocks/lazy-form-section-block';
import { runWelcomeGivingWay } from '../boot/run-welcome-gives-way';
import { drawnWizard, welcomeOnScreen, type WizardBehindWelcome } from '../boot/welcome-gives-way';
import { whenIdle } from '../browser/when-idle';
import type { WizardConfig } from '../config/config-schema';
import { useWarmHiddenStep } from './use-warm-hidden-step';
import { WelcomeShell } from './welcome-shell';

/** The wizard ready to show, and its session (Welcome wakes it); see render-application.tsx. */
export interface PreparedWizard extends WizardBehindWelcome {
  element: ReactElement;
}

interface WelcomeGivingWayProps {
  config: WizardConfig;
  /** Loads the wizard from the store, awake, on step 1 (read once: giving way keeps the first). */
  loadWizard: () => Promise<PreparedWizard>;
  /** Builds it ahead of Continue from a blank application, asleep; refuses when the device has come to hold one. */
  buildAhead: () => Promise<PreparedWizard>;
  /** Whether Continue was pressed on index.html's Welcome before the app ran (see WelcomeShell). */
  continuePressedEarly?: () => boolean;
  /** Called once this Welcome has replaced index.html's, before it is painted (to give focus back). */
  onReplacedPrerendered?: () => void;
}

/**
 * A first visit's Welcome, with the wizard built behind it: the stages of Welcome giving way
 * (boot/welcome-gives-way.ts, tabled in docs/welcome-gives-way.md), drawn. Every decision is the
 * machine's; this draws Welcome or the wizard, and tells it when the browser is idle.
 *
 * Not a hidden Activity, which holds back every effect: showing one mounted every field's
 * effects in the press (then, Headless UI's comboboxes each drawn again), about half of the first
 * Continue at 4x CPU.
 */
export function WelcomeGivingWay({ config, loadWizard, buildAhead, continuePressedEarly, onReplacedPrerendered }: WelcomeGivingWayProps) {
  const [givingWay] = useState(() => runWelcomeGivingWay({ loadWizard, buildAhead }));
  const now = useSyncExternalStore(givingWay.subscribe, givingWay.getSnapshot);
  // The wizard built ahead is drawn in the background, in slices of a few milliseconds that give
  // way to a press or a keystroke, not in one task (at 4x CPU several hundred milliseconds while
  // Welcome is read, which a tap then waits for; Lighthouse counts it as blocking time). Any
  // other stage, Continue's above all, is drawn at once.
  const lagging = useDeferredValue(now);
  const state = now.stage === 'built' ? lagging : now;
  const drawn = drawnWizard(state);
  const onWelcome = welcomeOnScreen(state);

  useLayoutEffect(() => {
    onReplacedPrerendered?.();
  }, [onReplacedPrerendered]);

  useEffect(
    () =>
      whenIdle(() => {
        preloadFormSection();
        givingWay.idle();
      }),
    [givingWay],
  );

  // While Welcome is read, the hidden first step's fonts and words are readied for drawing.
  useWarmHiddenStep(state.stage === 'built' ? 1 : null);

  return (
    <>
      {onWelcome ? (
        <WelcomeShell
          config={config}
          onContinue={givingWay.press}
          continuePressedEarly={continuePressedEarly}
          loadFailed={state.stage === 'welcome' && state.failed}
        />
      ) : null}
      {drawn ? (
        <div className="giving-way-slot" hidden={onWelcome} key={drawn.key}>
          {drawn.wizard.element}
        </div>
      ) : null}
    </>
  );
}
