import { FIRST_VISIT, giveWay, pressOutcome, type WizardBehindWelcome, type GiveWayEffect, type GiveWayEvent, type GiveWayState } from './welcome-gives-way';

/** A first visit's Welcome giving way to the wizard: its stage (welcome-gives-way.ts), and the two things that move it on. */
export interface WelcomeGivingWay<W> {
  getSnapshot: () => GiveWayState<W>;
  subscribe: (listener: () => void) => () => void;
  /** The browser is idle: the wizard is built behind Welcome, unless Continue came first. */
  idle: () => void;
  /** Continue: resolves once the wizard is on screen, rejects when it could not be loaded (pressed again, it tries again). */
  press: () => Promise<void>;
}

interface GiveWayOptions<W> {
  /** Loads the wizard's chunk and the application from the store; resolves with the wizard opened on step 1, awake. */
  loadWizard: () => Promise<W>;
  /**
   * The same ahead of Continue, from a blank application and asleep; rejects when the device has
   * come to hold an application, since reading that one may set it aside or forget it, which is
   * Continue's to do.
   */
  buildAhead: () => Promise<W>;
}

/**
 * Carries out the effects of giving way (builds, loads, wakes and disposes) and feeds their
 * outcomes back as events. Creating one does nothing: it waits for `idle` or `press`, so a copy
 * made and thrown away (React may render twice) costs nothing.
 */
export function runWelcomeGivingWay<W extends WizardBehindWelcome>({ loadWizard, buildAhead }: GiveWayOptions<W>): WelcomeGivingWay<W> {
  let state: GiveWayState<W> = FIRST_VISIT;
  const listeners = new Set<() => void>();

  function send(event: GiveWayEvent<W>): void {
    const next = giveWay(state, event);
    if (next.state !== state) {
      state = next.state;
      for (const listener of [...listeners]) listener();
    }
    for (const effect of next.effects) perform(effect);
  }

  function perform(effect: GiveWayEffect<W>): void {
    switch (effect.do) {
      case 'build-ahead':
        buildAhead().then(
          (wizard) => {
            send({ type: 'built', wizard });
          },
          () => {
            send({ type: 'build-refused' });
          },
        );
        return;
      case 'load':
        loadWizard().then(
          (wizard) => {
            send({ type: 'loaded', wizard });
          },
          () => {
            send({ type: 'load-failed' });
          },
        );
        return;
      case 'wake': {
        const { wizard } = effect;
        // A wake that could not ask the store counts as stale: the load from the store will know.
        wizard.session.wake().then(
          (awake) => {
            send(awake ? { type: 'woke', wizard } : { type: 'stale', wizard });
          },
          () => {
            send({ type: 'stale', wizard });
          },
        );
        return;
      }
      case 'dispose':
        effect.wizard.session.dispose();
        return;
    }
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  /** The press's outcome, once giving way has one (pressOutcome). */
  function outcome(): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = () => {
        const now = pressOutcome(state);
        if (now === 'pending') return;
        stop();
        if (now === 'passed') resolve();
        else reject(new Error('The application form could not be loaded.'));
      };
      const stop = subscribe(settle);
      settle();
    });
  }

  return {
    getSnapshot: () => state,
    subscribe,
    idle() {
      send({ type: 'idle' });
    },
    press() {
      send({ type: 'continue' });
      return outcome();
    },
  };
}
