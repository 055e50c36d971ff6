// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ApplicationValues } from '../../../src/application/values/application-values';
import { initialApplication } from '../../../src/drafts/initial-application';
import {
  followsEditor,
  initialSessionState,
  mayContinue,
  mayHandOver,
  mayHoldPage,
  maySend,
  mayWrite,
  type SessionEffect,
  type SessionSnapshot,
  type SessionState,
} from '../../../src/session/session-flags';
import { sessionTransition, type SessionEvent } from '../../../src/session/session-state';
import { completeValues, defaultProgramme } from '../../fixtures/default-programme';

const STEPS = 4;
const HANDED_OVER = { draftId: 'draft', madeAt: 1, expiresAt: 2 };
const DETAILS = { current: 2, reached: [0, 1, 2] };

/** A tab's session on Details of a restored draft: awake, shown, holding the page, the editor; `change` and `shown` say how this one differs. */
function session(change: Partial<Omit<SessionState, 'shown'>> = {}, shown: Partial<SessionSnapshot> = {}): SessionState {
  const opening = initialApplication(defaultProgramme, STEPS, { kind: 'restored', values: completeValues(), wizard: DETAILS, dropped: [] }, false);
  const state = initialSessionState({ initial: opening, asleep: false, editsAtOnce: true, stepCount: STEPS, skipLastStep: false, language: 'en', redirectUrl: 'https://hub.example/' });
  return { ...state, attached: true, connected: true, ...change, shown: { ...state.shown, ...shown } };
}

function step(state: SessionState, event: SessionEvent) {
  return sessionTransition(state, event);
}

describe('the session\'s permissions', () => {
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
    ['the application accepted (the last step\'s Sign In)', session({}, { submitted: true }), true],
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
  ])('sends, or follows the editor\'s saves: %s', (_, state, expected) => {
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

const blank = defaultProgramme.emptyValues;
const typed: ApplicationValues = { ...completeValues(), personalInfo: { ...completeValues().personalInfo, firstName: 'Typed' } };
const RECORD = { savedAt: 1, wizard: DETAILS, values: completeValues() };

/** From a state, an event: the effects asked for, in order. */
const EFFECTS: [string, SessionState, SessionEvent, SessionEffect[]][] = [
  ['shown: holds the page', session({ attached: false, connected: false }), { type: 'attached' }, [{ do: 'hold-page' }]],
  ['shown while asleep: holds nothing', session({ attached: false, connected: false }, { awake: false }), { type: 'attached' }, [{ do: 'let-page-go' }]],
  ['let go', session(), { type: 'detached' }, [{ do: 'let-page-go' }]],
  ['disposed', session(), { type: 'disposed' }, [{ do: 'let-page-go' }]],
  ['woken, the store holding nothing new', session({ connected: false }, { awake: false }), { type: 'wake-answered', storeHoldsApplication: false }, [{ do: 'hold-page' }]],
  ['woken, the store holding another tab\'s application', session({ connected: false }, { awake: false }), { type: 'wake-answered', storeHoldsApplication: true }, []],
  ['woken after disposal', session({ connected: false, disposed: true }, { awake: false }), { type: 'wake-answered', storeHoldsApplication: false }, []],
  ['connected: the steps on screen are reported', session({ connected: false, reported: [0] }), { type: 'connected' }, [{ do: 'report-step', step: 1 }, { do: 'report-step', step: 2 }]],
  ['connected, the restored draft\'s steps reported before', session({ connected: false }), { type: 'connected' }, []],
  ['Continue advances: saved like a keystroke, the new step reported', session(), { type: 'advance' }, [{ do: 'schedule-save' }, { do: 'report-step', step: 3 }]],
  ['Back', session(), { type: 'previous' }, [{ do: 'schedule-save' }]],
  ['Back on the first step: nothing', session({}, { wizard: { current: 0, reached: [0] } }), { type: 'previous' }, []],
  ['Sign In', session({}, { submitted: true }), { type: 'sign-in' }, [{ do: 'track-sign-in' }, { do: 'redirect', url: 'https://hub.example/' }]],
  ['saved: the other tabs told, the queue revised', session(), { type: 'saved', record: RECORD }, [{ do: 'tell-tabs', message: { type: 'saved', record: RECORD } }, { do: 'revise-outbox' }]],
  ['saved after the page was let go: no one to tell', session({ connected: false }), { type: 'saved', record: RECORD }, [{ do: 'revise-outbox' }]],
  ['a draft restored: the form reset, then the wizard placed', session(), { type: 'draft-restored', values: typed, wizard: DETAILS }, [{ do: 'reset-form', values: typed, then: { type: 'draft-shown', wizard: DETAILS } }]],
  ['accepting: nothing pending is written', session(), { type: 'accepting' }, [{ do: 'cancel-save' }, { do: 'clear-unload-copy' }]],
  ['accepted here', session({ accepting: true }), { type: 'accepted', elsewhere: false }, [{ do: 'track-submitted' }, { do: 'tell-tabs', message: { type: 'accepted' } }, { do: 'report-step', step: 3 }]],
  ['accepted because another device sent it first', session({ accepting: true }), { type: 'accepted', elsewhere: true }, [{ do: 'tell-tabs', message: { type: 'accepted' } }, { do: 'report-step', step: 3 }]],
  ['a new application here', session({ accepting: true }, { submitted: true }), { type: 'new-application' }, [{ do: 'reset-outbox' }, { do: 'tell-tabs', message: { type: 'new-application' } }, { do: 'reset-form', values: 'blank', then: { type: 'blank-shown' } }]],
  // The editor lock's answers.
  ['first editor, nothing typed meanwhile', session({}, { role: 'unknown' }), { type: 'role', role: 'editor', reason: 'first', answers: completeValues() }, [{ do: 'resume-sending' }]],
  ['first editor, the same answers in another key order', session({}, { role: 'unknown' }), { type: 'role', role: 'editor', reason: 'first', answers: reordered(completeValues()) }, [{ do: 'resume-sending' }]],
  ['first editor, something typed while the lock answered', session({}, { role: 'unknown' }), { type: 'role', role: 'editor', reason: 'first', answers: typed }, [{ do: 'resume-sending' }, { do: 'save-now' }]],
  ['first answer: read only', session({}, { role: 'unknown' }), { type: 'role', role: 'viewer', reason: 'first', answers: typed }, [{ do: 'stop-sending' }]],
  ['granted after waiting: carries on from the last save', session({}, { role: 'viewer' }), { type: 'role', role: 'editor', reason: 'granted', answers: typed }, [{ do: 'resume-sending' }, { do: 'load-draft' }, { do: 'read-device-handover' }]],
  ['took over', session({}, { role: 'viewer' }), { type: 'role', role: 'editor', reason: 'took-over', answers: typed }, [{ do: 'resume-sending' }, { do: 'load-draft' }, { do: 'read-device-handover' }]],
  ['its role stolen: saves what it holds for the new editor', session(), { type: 'role', role: 'viewer', reason: 'stolen', answers: typed }, [{ do: 'stop-sending' }, { do: 'save-for-next-editor' }]],
  ['its role stolen after acceptance: nothing to save', session({}, { submitted: true }), { type: 'role', role: 'viewer', reason: 'stolen', answers: blank }, [{ do: 'stop-sending' }]],
  ['saved for the next editor: it is told', session({}, { role: 'viewer' }), { type: 'saved-for-next-editor' }, [{ do: 'tell-tabs', message: { type: 'handed-over' } }]],
  // The other tabs' messages.
  ['another tab saved: a read-only tab shows it', session({}, { role: 'viewer' }), { type: 'tab-message', message: { type: 'saved', record: RECORD } }, [{ do: 'show-stored-draft', record: RECORD }]],
  ['another tab saved: the editor keeps its own', session(), { type: 'tab-message', message: { type: 'saved', record: RECORD } }, []],
  ['the last editor saved for this one', session(), { type: 'tab-message', message: { type: 'handed-over' } }, [{ do: 'load-draft' }]],
  ['the last editor saved, heard by a read-only tab', session({}, { role: 'viewer' }), { type: 'tab-message', message: { type: 'handed-over' } }, []],
  ['another tab\'s application accepted', session(), { type: 'tab-message', message: { type: 'accepted' } }, [{ do: 'reset-form', values: 'blank', then: { type: 'accepted-shown' } }]],
  ['another tab began a new application', session({}, { submitted: true }), { type: 'tab-message', message: { type: 'new-application' } }, [{ do: 'reset-form', values: 'blank', then: { type: 'blank-shown' } }]],
  // Another device.
  ['a link made: every tab told', session({}, { busy: true }), { type: 'link-made', handedOver: HANDED_OVER }, [{ do: 'tell-tabs', message: { type: 'device-handover', handedOver: HANDED_OVER } }]],
  ['taken back by the editor: tabs told, the queue resumed', session({}, { handedOver: HANDED_OVER }), { type: 'taken-back' }, [{ do: 'tell-tabs', message: { type: 'device-handover', handedOver: null } }, { do: 'resume-sending' }]],
  ['taken back by a read-only tab: tabs told, nothing sent from it', session({}, { role: 'viewer', handedOver: HANDED_OVER }), { type: 'taken-back' }, [{ do: 'tell-tabs', message: { type: 'device-handover', handedOver: null } }]],
  ['another tab made a link', session(), { type: 'tab-message', message: { type: 'device-handover', handedOver: HANDED_OVER } }, []],
  ['another tab took it back: the editor resumes sending', session({}, { handedOver: HANDED_OVER }), { type: 'tab-message', message: { type: 'device-handover', handedOver: null } }, [{ do: 'resume-sending' }]],
  ['another tab took it back: a read-only tab sends nothing', session({}, { role: 'viewer', handedOver: HANDED_OVER }), { type: 'tab-message', message: { type: 'device-handover', handedOver: null } }, []],
  ['read from the store as the editor', session(), { type: 'device-handover-read', handedOver: HANDED_OVER }, []],
];

/** The same answers, every object's keys in reverse order. */
function reordered<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reordered) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, entry]) => [key, reordered(entry)])) as T;
}

describe('the session\'s transitions', () => {
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
    ['accepted here: the last step', session({ accepting: true }), { type: 'accepted', elsewhere: false }, { submitted: true, sentElsewhere: false, wizard: { current: 3, reached: [0, 1, 2, 3] } }],
    ['accepted elsewhere, the last step skipped: the wizard stays', session({ accepting: true, skipLastStep: true }), { type: 'accepted', elsewhere: true }, { submitted: true, sentElsewhere: true, wizard: DETAILS }],
    ['another tab\'s acceptance shown', session(), { type: 'accepted-shown' }, { submitted: true, wizard: { current: 3, reached: [0, 1, 2, 3] } }],
    ['a blank application shown', session({}, { submitted: true, sentElsewhere: true }), { type: 'blank-shown' }, { submitted: false, sentElsewhere: false, wizard: { current: 0, reached: [0] } }],
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
    ['woken, the store holding another tab\'s application', session({}, { awake: false }), { type: 'wake-answered', storeHoldsApplication: true }],
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
    expect(woken.effects).toEqual([{ do: 'report-step', step: 1 }, { do: 'report-step', step: 2 }, { do: 'report-step', step: 3 }]);
    expect(step(woken.state, { type: 'draft-shown', wizard: DETAILS }).effects).toEqual([]);
  });

  it('a change of language: the application is sent in it, and Sign In leads to its hub', () => {
    const changed = step(session({}, { submitted: true }), { type: 'language', language: 'fr', redirectUrl: 'https://hub.example/fr/' }).state;
    expect(changed.language).toBe('fr');
    expect(step(changed, { type: 'sign-in' }).effects).toContainEqual({ do: 'redirect', url: 'https://hub.example/fr/' });
  });
});
