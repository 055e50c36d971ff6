/**
 * How a first visit's Welcome gives way to the wizard, as a state machine: the stage it is in,
 * what each event makes of it, and what must be done then, as data. Pure: no React, no promises
 * (run-welcome-gives-way.ts carries the effects out, app/welcome-giving-way.tsx draws the stages).
 * docs/welcome-gives-way.md tables the stages, with what is on screen in each; a unit test keeps
 * its transitions in step with this file.
 *
 * The wizard is built behind Welcome while it is read, with its session asleep (nothing acts
 * beyond the form), so that Continue only shows it and wakes it. Whether another tab saved an
 * application meanwhile, which makes that blank wizard stale, is the session's answer as it
 * wakes, read from the store: then the wizard is loaded afresh from the store.
 */

/** What giving way needs of the wizard behind Welcome: its session, which wakes (true) or finds itself stale (false). */
export interface WizardBehindWelcome {
  session: { wake(): Promise<boolean>; dispose(): void };
}

/** A wizard drawn in the page, with the key that makes its replacement mount afresh rather than inherit its state. */
export interface Drawn<W> {
  wizard: W;
  key: number;
}

export const GIVE_WAY_STAGES = ['welcome', 'building', 'built', 'loading', 'waking', 'replacing', 'shown'] as const;

export type GiveWayStage = (typeof GIVE_WAY_STAGES)[number];

export type GiveWayState<W> =
  /** Welcome, and nothing built; `failed`: the last load failed, and Welcome says so. */
  | { stage: 'welcome'; failed: boolean }
  /** Welcome; the wizard is built behind it, from a blank application. */
  | { stage: 'building' }
  /** Welcome; the wizard is drawn hidden behind it, its session asleep. */
  | { stage: 'built'; drawn: Drawn<W> }
  /** Continue was pressed: Welcome waits, busy, for the build under way or for a load from the store. */
  | { stage: 'loading'; buildUnderWay: boolean }
  /** The wizard is shown; its session asks the store whether it is still the one to show. */
  | { stage: 'waking'; drawn: Drawn<W> }
  /** The wizard shown was stale: it stays drawn until the one loaded from the store replaces it. */
  | { stage: 'replacing'; stale: Drawn<W> }
  /** The wizard is shown and awake: Welcome has given way. */
  | { stage: 'shown'; drawn: Drawn<W> };

export type GiveWayEvent<W> =
  /** The browser is idle: time to build the wizard ahead of Continue. */
  | { type: 'idle' }
  /** Continue was pressed (on this Welcome, or on index.html's before the app ran). */
  | { type: 'continue' }
  | { type: 'built'; wizard: W }
  /** The device has come to hold an application: a blank wizard is refused, and only Continue reads that one. */
  | { type: 'build-refused' }
  | { type: 'loaded'; wizard: W }
  | { type: 'load-failed' }
  | { type: 'woke'; wizard: W }
  /** Waking, the session found the store holds an application it was not built from. */
  | { type: 'stale'; wizard: W };

export type GiveWayEffect<W> =
  /** Build the wizard from a blank application, asleep; answer `built` or `build-refused`. */
  | { do: 'build-ahead' }
  /** Load the wizard from the store, awake; answer `loaded` or `load-failed`. */
  | { do: 'load' }
  /** Wake its session; answer `woke` or `stale`. */
  | { do: 'wake'; wizard: W }
  | { do: 'dispose'; wizard: W };

export interface GiveWayStep<W> {
  state: GiveWayState<W>;
  effects: GiveWayEffect<W>[];
}

export const FIRST_VISIT: GiveWayState<never> = { stage: 'welcome', failed: false };

function toWaking<W>(wizard: W, key: number): GiveWayStep<W> {
  return { state: { stage: 'waking', drawn: { wizard, key } }, effects: [{ do: 'wake', wizard }] };
}

/** The next stage, and what to do on entering it; an event a stage does not expect changes nothing. */
export function giveWay<W>(state: GiveWayState<W>, event: GiveWayEvent<W>): GiveWayStep<W> {
  const unchanged: GiveWayStep<W> = { state, effects: [] };
  switch (state.stage) {
    case 'welcome':
      if (event.type === 'idle') return { state: { stage: 'building' }, effects: [{ do: 'build-ahead' }] };
      if (event.type === 'continue') return { state: { stage: 'loading', buildUnderWay: false }, effects: [{ do: 'load' }] };
      return unchanged;
    case 'building':
      if (event.type === 'built') return { state: { stage: 'built', drawn: { wizard: event.wizard, key: 1 } }, effects: [] };
      if (event.type === 'build-refused') return { state: { stage: 'welcome', failed: false }, effects: [] };
      // The build is nearly done, and is the wizard to show: no second load beside it.
      if (event.type === 'continue') return { state: { stage: 'loading', buildUnderWay: true }, effects: [] };
      return unchanged;
    case 'built':
      // Shown in the press's own render: nothing to load, nothing to draw.
      if (event.type === 'continue') return { state: { stage: 'waking', drawn: state.drawn }, effects: [{ do: 'wake', wizard: state.drawn.wizard }] };
      return unchanged;
    case 'loading':
      if (state.buildUnderWay) {
        if (event.type === 'built') return toWaking(event.wizard, 1);
        if (event.type === 'build-refused') return { state: { stage: 'loading', buildUnderWay: false }, effects: [{ do: 'load' }] };
        return unchanged;
      }
      if (event.type === 'loaded') return toWaking(event.wizard, 1);
      if (event.type === 'load-failed') return { state: { stage: 'welcome', failed: true }, effects: [] };
      return unchanged;
    case 'waking':
      if (event.type === 'woke' && event.wizard === state.drawn.wizard) return { state: { stage: 'shown', drawn: state.drawn }, effects: [] };
      if (event.type === 'stale' && event.wizard === state.drawn.wizard) {
        return { state: { stage: 'replacing', stale: state.drawn }, effects: [{ do: 'dispose', wizard: state.drawn.wizard }, { do: 'load' }] };
      }
      return unchanged;
    case 'replacing':
      if (event.type === 'loaded') return toWaking(event.wizard, state.stale.key + 1);
      if (event.type === 'load-failed') return { state: { stage: 'welcome', failed: true }, effects: [] };
      return unchanged;
    case 'shown':
      return unchanged;
  }
}

/** Whether Welcome is on screen (the wizard, when drawn, hidden behind it). */
export function welcomeOnScreen(state: GiveWayState<unknown>): boolean {
  return state.stage === 'welcome' || state.stage === 'building' || state.stage === 'built' || state.stage === 'loading';
}

/** The wizard drawn in the page, hidden or shown; null while there is none. */
export function drawnWizard<W>(state: GiveWayState<W>): Drawn<W> | null {
  switch (state.stage) {
    case 'built':
    case 'waking':
    case 'shown':
      return state.drawn;
    case 'replacing':
      return state.stale;
    default:
      return null;
  }
}

/** Where a press of Continue stands: still on Welcome, past it (the wizard on screen), or failed (Welcome says so). */
export function pressOutcome(state: GiveWayState<unknown>): 'pending' | 'passed' | 'failed' {
  if (state.stage === 'welcome') return state.failed ? 'failed' : 'pending';
  return welcomeOnScreen(state) ? 'pending' : 'passed';
}
