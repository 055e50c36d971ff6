// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  followsEditor,
  mayContinue,
  mayHandOver,
  mayHoldPage,
  maySend,
  mayWrite,
  type SessionSnapshot,
  type SessionState,
} from '../../../src/session/session-state';
import { sessionTransition, type SessionEvent } from '../../../src/session/session-transitions';
import { blank, DETAILS, EFFECTS, HANDED_OVER, RECORD, session } from './session-cases';

function step(state: SessionState, event: SessionEvent) {
  return sessionTransition(state, event);
}

describe("the session's permissions", () => {
  it.each([
    ['the editor, holding the page', session(), true],
    ['before the lock answers (nothing typed then is lost)', session({}, { role: 'unknown' }), true],
    ['a read-only tab', session({}, { role: 'viewer' }), false],
    ['not holding the page (asleep, hidden, disposed)', session({ connected: false }), false],
    ['the application accepted', session({}, { submitted: true }), false],
    ['acceptance under way', session({ accepting: true }), false],
    ['the application on another device', session({}, { handedOver: HANDED_OVER }), false],
  ])('may write: %s → %s', (_, state, expected) => {
    expect(mayWrite(state)).toBe(expected);
  });

  it.each([
    ['the editor', session(), true],
    ['Continue already running', session({}, { busy: true }), false],
    ["the application accepted (the last step's Sign In)", session({}, { submitted: true }), true],
    ['the application on another device', session({}, { handedOver: HANDED_OVER }), false],
  ])('may continue: %s → %s', (_, state, expected) => {
    expect(mayContinue(state)).toBe(expected);
  });

  it.each([
    ['the editor', session(), true],
    ['before the lock answers', session({}, { role: 'unknown' }), false],
    ['a read-only tab', session({}, { role: 'viewer' }), false],
    ['the application accepted', session({}, { submitted: true }), false],
    ['already on another device', session({}, { handedOver: HANDED_OVER }), false],
    ['Continue running', session({}, { busy: true }), false],
  ])('may hand over: %s → %s', (_, state, expected) => {
    expect(mayHandOver(state)).toBe(expected);
  });

  it.each([
    ['the editor', session(), { send: true, follow: false }],
    ['a read-only tab', session({}, { role: 'viewer' }), { send: false, follow: true }],
    ['before the lock answers', session({}, { role: 'unknown' }), { send: false, follow: false }],
  ])("sends, or follows the editor's saves: %s", (_, state, expected) => {
    expect({ send: maySend(state), follow: followsEditor(state) }).toEqual(expected);
  });

  it.each([
    ['awake and shown', session(), true],
    ['asleep behind Welcome', session({}, { awake: false }), false],
    ['not shown (let go)', session({ attached: false }), false],
    ['disposed', session({ disposed: true }), false],
  ])('may hold the page: %s → %s', (_, state, expected) => {
    expect(mayHoldPage(state)).toBe(expected);
  });
});

describe("the session's transitions", () => {
  it.each(EFFECTS)('%s', (_, state, event, effects) => {
    expect(step(state, event).effects).toEqual(effects);
  });

  /** From a state, an event: what the screen then shows (of what changes). */
  it.each<[string, SessionState, SessionEvent, Partial<SessionSnapshot>]>([
    ['woken', session({}, { awake: false }), { type: 'wake-answered', storeHoldsApplication: false }, { awake: true }],
    ['the lock answers', session({}, { role: 'unknown' }), { type: 'role', role: 'viewer', reason: 'first', answers: blank }, { role: 'viewer' }],
    ['Continue starts', session(), { type: 'busy', busy: true }, { busy: true }],
    ['the queue changes', session(), { type: 'outbox', status: { state: 'accepted' } }, { outbox: { state: 'accepted' } }],
    ['autosave saves', session(), { type: 'save-state', saveState: 'saving' }, { saveState: 'saving' }],
    ['a draft shown', session(), { type: 'draft-shown', wizard: { current: 1, reached: [0, 1] } }, { wizard: { current: 1, reached: [0, 1] } }],
    [
      'accepted here: the last step',
      session({ accepting: true }),
      { type: 'accepted', elsewhere: false },
      { submitted: true, sentElsewhere: false, wizard: { current: 3, reached: [0, 1, 2, 3] } },
    ],
    [
      'accepted elsewhere, the last step skipped: the wizard stays',
      session({ accepting: true, skipLastStep: true }),
      { type: 'accepted', elsewhere: true },
      { submitted: true, sentElsewhere: true, wizard: DETAILS },
    ],
    [
      'a blank first step after a withdrawal (the receiver erased it), saying so',
      session({}, { submitted: true }),
      { type: 'blank-shown', withdrawn: true },
      { submitted: false, withdrawn: true, wizard: { current: 0, reached: [0] } },
    ],
    ["another tab's acceptance shown", session(), { type: 'accepted-shown' }, { submitted: true, wizard: { current: 3, reached: [0, 1, 2, 3] } }],
    [
      'a blank application shown',
      session({}, { submitted: true, sentElsewhere: true }),
      { type: 'blank-shown' },
      { submitted: false, sentElsewhere: false, wizard: { current: 0, reached: [0] } },
    ],
    [
      'a blank application shown after a withdrawal',
      session({}, { submitted: true, withdrawn: true }),
      { type: 'blank-shown' },
      { submitted: false, withdrawn: false, wizard: { current: 0, reached: [0] } },
    ],
    ['a link made', session(), { type: 'link-made', handedOver: HANDED_OVER }, { handedOver: HANDED_OVER }],
    ['taken back', session({}, { handedOver: HANDED_OVER }), { type: 'taken-back' }, { handedOver: null }],
    ['another tab made a link', session(), { type: 'tab-message', message: { type: 'device-handover', handedOver: HANDED_OVER } }, { handedOver: HANDED_OVER }],
    ['read from the store', session({}, { handedOver: HANDED_OVER }), { type: 'device-handover-read', handedOver: null }, { handedOver: null }],
  ])('%s: the screen shows it', (_, state, event, shown) => {
    const next = step(state, event).state;
    expect(next.shown).toEqual({ ...state.shown, ...shown });
    expect(next.shown).not.toBe(state.shown);
  });

  it.each<[string, SessionState, SessionEvent]>([
    ['connected', session({ connected: false }), { type: 'connected' }],
    ['a change of language', session(), { type: 'language', language: 'fr', redirectUrl: 'https://hub.example/fr/' }],
    ['saved', session(), { type: 'saved', record: RECORD }],
    ['acceptance begins', session(), { type: 'accepting' }],
    ['Back on the first step', session({}, { wizard: { current: 0, reached: [0] } }), { type: 'previous' }],
    ["woken, the store holding another tab's application", session({}, { awake: false }), { type: 'wake-answered', storeHoldsApplication: true }],
  ])('%s: the screen is not told (the same snapshot)', (_, state, event) => {
    expect(step(state, event).state.shown).toBe(state.shown);
  });

  it('acceptance: nothing is written from its first moment until a new application is shown', () => {
    const accepting = step(session(), { type: 'accepting' }).state;
    expect(mayWrite(accepting)).toBe(false);
    const accepted = step(accepting, { type: 'accepted', elsewhere: false }).state;
    expect(mayWrite(accepted)).toBe(false);
    // The form is reset to a blank application while the wizard still shows the accepted one: autosave writes nothing of it.
    const resetting = step(accepted, { type: 'new-application' }).state;
    expect(resetting.accepting).toBe(false);
    expect(mayWrite(resetting)).toBe(false);
    expect(mayWrite(step(resetting, { type: 'blank-shown' }).state)).toBe(true);
  });

  it('"Step Reached" goes out once per step, never while asleep', () => {
    const asleep = session({ reported: [0] }, { awake: false });
    const moved = step(asleep, { type: 'advance' });
    expect(moved.effects).toEqual([{ do: 'schedule-save' }]);

    const woken = step(step(moved.state, { type: 'wake-answered', storeHoldsApplication: false }).state, { type: 'connected' });
    expect(woken.effects).toEqual([
      { do: 'report-step', step: 1 },
      { do: 'report-step', step: 2 },
      { do: 'report-step', step: 3 },
    ]);
    expect(step(woken.state, { type: 'draft-shown', wizard: DETAILS }).effects).toEqual([]);
  });

  it('a change of language: the application is sent in it, and Sign In leads to its hub', () => {
    const changed = step(session({}, { submitted: true }), { type: 'language', language: 'fr', redirectUrl: 'https://hub.example/fr/' }).state;
    expect(changed.language).toBe('fr');
    expect(step(changed, { type: 'sign-in' }).effects).toContainEqual({ do: 'redirect', url: 'https://hub.example/fr/' });
  });
});
