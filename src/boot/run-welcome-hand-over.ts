import { FIRST_VISIT, handOver, pressOutcome, type HandedWizard, type HandOverEffect, type HandOverEvent, type HandOverState } from './welcome-hand-over';

/** A first visit's hand-over under way: its stage (welcome-hand-over.ts), and the two things that move it on. */
export interface WelcomeHandOver<W> {
  getSnapshot: () => HandOverState<W>;
  subscribe: (listener: () => void) => () => void;
  /** The browser is idle: the wizard is built behind Welcome, unless Continue came first. */
  idle: () => void;
  /** Continue: resolves once the wizard is on screen, rejects when it could not be loaded (pressed again, it tries again). */
  press: () => Promise<void>;
}

interface HandOverOptions<W> {
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
 * Carries out the hand-over's effects (builds, loads, wakes and disposes) and feeds their
 * outcomes back as events. Creating one does nothing: it waits for `idle` or `press`, so a copy
 * made and thrown away (React may render twice) costs nothing.
 */
export function runWelcomeHandOver<W extends HandedWizard>({ loadWizard, buildAhead }: HandOverOptions<W>): WelcomeHandOver<W> {
  let state: HandOverState<W> = FIRST_VISIT;
  const listeners = new Set<() => void>();

  function send(event: HandOverEvent<W>): void {
    const next = handOver(state, event);
    if (next.state !== state) {
      state = next.state;
      for (const listener of [...listeners]) listener();
    }
    for (const effect of next.effects) perform(effect);
  }

  function perform(effect: HandOverEffect<W>): void {
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

  /** The press's outcome, once the hand-over has one (pressOutcome). */
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
