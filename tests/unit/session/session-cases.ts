import type { ApplicationValues } from '../../../src/application/values/application-values';
import type { InitialApplication } from '../../../src/drafts/initial-application';
import { initialSessionState, type SessionEffect, type SessionSnapshot, type SessionState } from '../../../src/session/session-state';
import type { SessionEvent } from '../../../src/session/session-transitions';

/**
 * Situations of the application session and what each event asks for in them: the table the
 * machine's tests check, and docs/session-state.md shows (tests/unit/docs/session-state-table.node.test.ts).
 */

export const STEPS = 4;
export const HANDED_OVER = { draftId: 'draft', madeAt: 1, expiresAt: 2 };
export const DETAILS = { current: 2, reached: [0, 1, 2] };

/** Answers as the machine sees them: passed along and compared, never read. */
function answers(firstName: string): ApplicationValues {
  return {
    personalInfo: { firstName, lastName: firstName ? 'Lovelace' : '' },
    platforms: [{ name: 'YouTube', followers: 1200 }],
  } as unknown as ApplicationValues;
}
export const opened = answers('Ada');
export const blank = answers('');
export const typed = answers('Typed');

/** A tab's session on Details of a restored draft: awake, shown, holding the page, the editor; `change` and `shown` say how this one differs. */
export function session(change: Partial<Omit<SessionState, 'shown'>> = {}, shown: Partial<SessionSnapshot> = {}): SessionState {
  const opening: InitialApplication = { values: opened, wizard: DETAILS, submitted: false, restored: true, notice: null, handedOver: null };
  const state = initialSessionState({
    initial: opening,
    asleep: false,
    editsAtOnce: true,
    stepCount: STEPS,
    skipLastStep: false,
    language: 'en',
    redirectUrl: 'https://hub.example/',
  });
  return { ...state, attached: true, connected: true, ...change, shown: { ...state.shown, ...shown } };
}

export const RECORD = { savedAt: 1, wizard: DETAILS, values: opened };

/** From a state, an event: the effects asked for, in order. */
export const EFFECTS: [string, SessionState, SessionEvent, SessionEffect[]][] = [
  ['shown: holds the page', session({ attached: false, connected: false }), { type: 'attached' }, [{ do: 'hold-page' }]],
  ['shown while asleep: holds nothing', session({ attached: false, connected: false }, { awake: false }), { type: 'attached' }, [{ do: 'let-page-go' }]],
  ['let go', session(), { type: 'detached' }, [{ do: 'let-page-go' }]],
  ['disposed', session(), { type: 'disposed' }, [{ do: 'let-page-go' }]],
  [
    'woken, the store holding nothing new',
    session({ connected: false }, { awake: false }),
    { type: 'wake-answered', storeHoldsApplication: false },
    [{ do: 'hold-page' }],
  ],
  [
    "woken, the store holding another tab's application",
    session({ connected: false }, { awake: false }),
    { type: 'wake-answered', storeHoldsApplication: true },
    [],
  ],
  ['woken after disposal', session({ connected: false, disposed: true }, { awake: false }), { type: 'wake-answered', storeHoldsApplication: false }, []],
  [
    'connected: the steps on screen are reported',
    session({ connected: false, reported: [0] }),
    { type: 'connected' },
    [
      { do: 'report-step', step: 1 },
      { do: 'report-step', step: 2 },
    ],
  ],
  ["connected, the restored draft's steps reported before", session({ connected: false }), { type: 'connected' }, []],
  [
    'Continue advances: saved like a keystroke, the new step reported',
    session(),
    { type: 'advance' },
    [{ do: 'schedule-save' }, { do: 'report-step', step: 3 }],
  ],
  ['Back', session(), { type: 'previous' }, [{ do: 'schedule-save' }]],
  ['Back on the first step: nothing', session({}, { wizard: { current: 0, reached: [0] } }), { type: 'previous' }, []],
  ['Sign In', session({}, { submitted: true }), { type: 'sign-in' }, [{ do: 'track-sign-in' }, { do: 'redirect', url: 'https://hub.example/' }]],
  [
    'saved: the other tabs told, the queue revised',
    session(),
    { type: 'saved', record: RECORD },
    [{ do: 'tell-tabs', message: { type: 'saved', record: RECORD } }, { do: 'revise-outbox' }],
  ],
  ['saved after the page was let go: no one to tell', session({ connected: false }), { type: 'saved', record: RECORD }, [{ do: 'revise-outbox' }]],
  [
    'a draft restored: the form reset, then the wizard placed',
    session(),
    { type: 'draft-restored', values: typed, wizard: DETAILS },
    [{ do: 'reset-form', values: typed, then: { type: 'draft-shown', wizard: DETAILS } }],
  ],
  ['accepting: nothing pending is written', session(), { type: 'accepting' }, [{ do: 'cancel-save' }, { do: 'clear-unload-copy' }]],
  [
    'accepted here',
    session({ accepting: true }),
    { type: 'accepted', elsewhere: false },
    [{ do: 'track-submitted' }, { do: 'tell-tabs', message: { type: 'accepted' } }, { do: 'report-step', step: 3 }],
  ],
  [
    'accepted because another device sent it first',
    session({ accepting: true }),
    { type: 'accepted', elsewhere: true },
    [
      { do: 'tell-tabs', message: { type: 'accepted' } },
      { do: 'report-step', step: 3 },
    ],
  ],
  [
    'withdrawn (erased on the receiver): not counted as submitted, a blank first step saying so',
    session({ accepting: true }),
    { type: 'accepted', elsewhere: false, withdrawn: true },
    [
      { do: 'reset-outbox' },
      { do: 'tell-tabs', message: { type: 'accepted' } },
      { do: 'reset-form', values: 'blank', then: { type: 'blank-shown', withdrawn: true } },
    ],
  ],
  [
    'a new application here',
    session({ accepting: true }, { submitted: true }),
    { type: 'new-application' },
    [{ do: 'reset-outbox' }, { do: 'tell-tabs', message: { type: 'new-application' } }, { do: 'reset-form', values: 'blank', then: { type: 'blank-shown' } }],
  ],
  // The editor lock's answers.
  [
    'first editor, nothing typed meanwhile',
    session({}, { role: 'unknown' }),
    { type: 'role', role: 'editor', reason: 'first', answers: opened },
    [{ do: 'resume-sending' }],
  ],
  [
    'first editor, the same answers in another key order',
    session({}, { role: 'unknown' }),
    { type: 'role', role: 'editor', reason: 'first', answers: reordered(opened) },
    [{ do: 'resume-sending' }],
  ],
  [
    'first editor, something typed while the lock answered',
    session({}, { role: 'unknown' }),
    { type: 'role', role: 'editor', reason: 'first', answers: typed },
    [{ do: 'resume-sending' }, { do: 'save-now' }],
  ],
  ['first answer: read only', session({}, { role: 'unknown' }), { type: 'role', role: 'viewer', reason: 'first', answers: typed }, [{ do: 'stop-sending' }]],
  [
    'granted after waiting: carries on from the last save',
    session({}, { role: 'viewer' }),
    { type: 'role', role: 'editor', reason: 'granted', answers: typed },
    [{ do: 'resume-sending' }, { do: 'load-draft' }, { do: 'read-device-handover' }],
  ],
  [
    'took over',
    session({}, { role: 'viewer' }),
    { type: 'role', role: 'editor', reason: 'took-over', answers: typed },
    [{ do: 'resume-sending' }, { do: 'load-draft' }, { do: 'read-device-handover' }],
  ],
  [
    'its role stolen: saves what it holds for the new editor',
    session(),
    { type: 'role', role: 'viewer', reason: 'stolen', answers: typed },
    [{ do: 'stop-sending' }, { do: 'save-for-next-editor' }],
  ],
  [
    'its role stolen after acceptance: nothing to save',
    session({}, { submitted: true }),
    { type: 'role', role: 'viewer', reason: 'stolen', answers: blank },
    [{ do: 'stop-sending' }],
  ],
  [
    'saved for the next editor: it is told',
    session({}, { role: 'viewer' }),
    { type: 'saved-for-next-editor' },
    [{ do: 'tell-tabs', message: { type: 'editor-role-passed' } }],
  ],
  // The other tabs' messages.
  [
    'another tab saved: a read-only tab shows it',
    session({}, { role: 'viewer' }),
    { type: 'tab-message', message: { type: 'saved', record: RECORD } },
    [{ do: 'show-stored-draft', record: RECORD }],
  ],
  ['another tab saved: the editor keeps its own', session(), { type: 'tab-message', message: { type: 'saved', record: RECORD } }, []],
  ['the last editor saved for this one', session(), { type: 'tab-message', message: { type: 'editor-role-passed' } }, [{ do: 'load-draft' }]],
  ['the last editor saved, heard by a read-only tab', session({}, { role: 'viewer' }), { type: 'tab-message', message: { type: 'editor-role-passed' } }, []],
  [
    "another tab's application accepted",
    session(),
    { type: 'tab-message', message: { type: 'accepted' } },
    [{ do: 'reset-form', values: 'blank', then: { type: 'accepted-shown' } }],
  ],
  [
    'another tab began a new application',
    session({}, { submitted: true }),
    { type: 'tab-message', message: { type: 'new-application' } },
    [{ do: 'reset-form', values: 'blank', then: { type: 'blank-shown' } }],
  ],
  // Another device.
  [
    'a link made: every tab told',
    session({}, { busy: true }),
    { type: 'link-made', handedOver: HANDED_OVER },
    [{ do: 'tell-tabs', message: { type: 'device-handover', handedOver: HANDED_OVER } }],
  ],
  [
    'taken back by the editor: tabs told, the queue resumed',
    session({}, { handedOver: HANDED_OVER }),
    { type: 'taken-back' },
    [{ do: 'tell-tabs', message: { type: 'device-handover', handedOver: null } }, { do: 'resume-sending' }],
  ],
  [
    'taken back by a read-only tab: tabs told, nothing sent from it',
    session({}, { role: 'viewer', handedOver: HANDED_OVER }),
    { type: 'taken-back' },
    [{ do: 'tell-tabs', message: { type: 'device-handover', handedOver: null } }],
  ],
  ['another tab made a link', session(), { type: 'tab-message', message: { type: 'device-handover', handedOver: HANDED_OVER } }, []],
  [
    'another tab took it back: the editor resumes sending',
    session({}, { handedOver: HANDED_OVER }),
    { type: 'tab-message', message: { type: 'device-handover', handedOver: null } },
    [{ do: 'resume-sending' }],
  ],
  [
    'another tab took it back: a read-only tab sends nothing',
    session({}, { role: 'viewer', handedOver: HANDED_OVER }),
    { type: 'tab-message', message: { type: 'device-handover', handedOver: null } },
    [],
  ],
  ['read from the store as the editor', session(), { type: 'device-handover-read', handedOver: HANDED_OVER }, []],
];

/** The same answers, every object's keys in reverse order. */
function reordered<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reordered) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, entry]) => [key, reordered(entry)]),
  ) as T;
}
