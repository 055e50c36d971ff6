// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  drawnWizard,
  FIRST_VISIT,
  giveWay,
  pressOutcome,
  welcomeOnScreen,
  type GiveWayEvent,
  type GiveWayState,
  type GiveWayStep,
} from '../../../src/boot/welcome-gives-way';

/** Wizards as names: the machine only passes them along and compares them. */
type Wizard = 'built blank' | 'loaded' | 'loaded afresh';

/** Feeds the events in turn from a first visit; returns every step, the last one last. */
function run(...events: GiveWayEvent<Wizard>[]): GiveWayStep<Wizard>[] {
  const steps: GiveWayStep<Wizard>[] = [];
  let state: GiveWayState<Wizard> = FIRST_VISIT;
  for (const event of events) {
    const step = giveWay(state, event);
    steps.push(step);
    state = step.state;
  }
  return steps;
}

function last(steps: GiveWayStep<Wizard>[]): GiveWayStep<Wizard> {
  return steps.at(-1)!;
}

const IDLE = { type: 'idle' } as const;
const CONTINUE = { type: 'continue' } as const;

describe('Welcome giving way to the wizard', () => {
  it('first visit: Welcome is drawn, nothing built, nothing done', () => {
    expect(welcomeOnScreen(FIRST_VISIT)).toBe(true);
    expect(drawnWizard(FIRST_VISIT)).toBeNull();
  });

  it('idle: the wizard is built behind Welcome, drawn hidden, and Continue shows it and wakes it with no load', () => {
    const [building, built, waking, shown] = run(IDLE, { type: 'built', wizard: 'built blank' }, CONTINUE, { type: 'woke', wizard: 'built blank' });

    expect(building).toEqual({ state: { stage: 'building' }, effects: [{ do: 'build-ahead' }] });
    expect(welcomeOnScreen(built!.state)).toBe(true);
    expect(drawnWizard(built!.state)).toEqual({ wizard: 'built blank', key: 1 });
    expect(waking!.effects).toEqual([{ do: 'wake', wizard: 'built blank' }]);
    expect(welcomeOnScreen(waking!.state)).toBe(false);
    expect(pressOutcome(waking!.state)).toBe('passed');
    // The same wizard, the same key: shown, not mounted again.
    expect(drawnWizard(waking!.state)).toEqual({ wizard: 'built blank', key: 1 });
    expect(shown).toEqual({ state: { stage: 'shown', drawn: { wizard: 'built blank', key: 1 } }, effects: [] });
  });

  it('Continue pressed while the build is under way waits for it, with no second load', () => {
    const [, pressed, built] = run(IDLE, CONTINUE, { type: 'built', wizard: 'built blank' });

    expect(pressed).toEqual({ state: { stage: 'loading', buildUnderWay: true }, effects: [] });
    expect(welcomeOnScreen(pressed!.state)).toBe(true);
    expect(pressOutcome(pressed!.state)).toBe('pending');
    expect(built!.state).toEqual({ stage: 'waking', drawn: { wizard: 'built blank', key: 1 } });
    expect(built!.effects).toEqual([{ do: 'wake', wizard: 'built blank' }]);
  });

  it('Continue pressed before the browser was idle (or on index.html before the app ran) loads from the store, and builds nothing after', () => {
    const [pressed, idle, loaded] = run(CONTINUE, IDLE, { type: 'loaded', wizard: 'loaded' });

    expect(pressed!.effects).toEqual([{ do: 'load' }]);
    expect(idle).toEqual({ state: pressed!.state, effects: [] });
    expect(loaded!.state).toEqual({ stage: 'waking', drawn: { wizard: 'loaded', key: 1 } });
  });

  it('stale: the session, waking, finds the store came to hold an application; the blank wizard is disposed and one loaded from the store replaces it', () => {
    const steps = run(
      IDLE,
      { type: 'built', wizard: 'built blank' },
      CONTINUE,
      { type: 'stale', wizard: 'built blank' },
      { type: 'loaded', wizard: 'loaded afresh' },
    );
    const [replacing, loaded] = steps.slice(-2);

    expect(replacing!.effects).toEqual([{ do: 'dispose', wizard: 'built blank' }, { do: 'load' }]);
    // Still drawn until the fresh one comes: the page does not go back to Welcome.
    expect(welcomeOnScreen(replacing!.state)).toBe(false);
    expect(drawnWizard(replacing!.state)).toEqual({ wizard: 'built blank', key: 1 });
    // A new key: the fresh wizard mounts with its own state.
    expect(loaded!.state).toEqual({ stage: 'waking', drawn: { wizard: 'loaded afresh', key: 2 } });
  });

  it('the build is refused (the device came to hold an application) while Welcome is read: nothing is drawn, and Continue loads', () => {
    const [, refused, pressed] = run(IDLE, { type: 'build-refused' }, CONTINUE);

    expect(refused!.state).toEqual({ stage: 'welcome', failed: false });
    expect(drawnWizard(refused!.state)).toBeNull();
    expect(pressed!.effects).toEqual([{ do: 'load' }]);
  });

  it('the build is refused after Continue was pressed: the press loads from the store then', () => {
    const refused = last(run(IDLE, CONTINUE, { type: 'build-refused' }));

    expect(refused).toEqual({ state: { stage: 'loading', buildUnderWay: false }, effects: [{ do: 'load' }] });
  });

  it('load failure: back on Welcome, which says so, and Continue tries again', () => {
    const [, failed, again] = run(CONTINUE, { type: 'load-failed' }, CONTINUE);

    expect(failed!.state).toEqual({ stage: 'welcome', failed: true });
    expect(pressOutcome(failed!.state)).toBe('failed');
    expect(again!.effects).toEqual([{ do: 'load' }]);
    expect(pressOutcome(again!.state)).toBe('pending');
  });

  it('a failed load of the fresh wizard after a stale one goes back to Welcome, saying so', () => {
    const failed = last(run(IDLE, { type: 'built', wizard: 'built blank' }, CONTINUE, { type: 'stale', wizard: 'built blank' }, { type: 'load-failed' }));

    expect(failed.state).toEqual({ stage: 'welcome', failed: true });
  });

  it('a second press while loading or waking does nothing', () => {
    const loading = run(CONTINUE);
    const waking = run(IDLE, { type: 'built', wizard: 'built blank' }, CONTINUE);

    expect(giveWay(last(loading).state, CONTINUE)).toEqual({ state: last(loading).state, effects: [] });
    expect(giveWay(last(waking).state, CONTINUE)).toEqual({ state: last(waking).state, effects: [] });
  });

  it('an answer from a wizard no longer shown changes nothing', () => {
    const waking = last(
      run(IDLE, { type: 'built', wizard: 'built blank' }, CONTINUE, { type: 'stale', wizard: 'built blank' }, { type: 'loaded', wizard: 'loaded afresh' }),
    );

    expect(giveWay(waking.state, { type: 'woke', wizard: 'built blank' }).state).toBe(waking.state);
    expect(giveWay(waking.state, { type: 'woke', wizard: 'loaded afresh' }).state).toEqual({ stage: 'shown', drawn: { wizard: 'loaded afresh', key: 2 } });
  });
});
