import type { HandedOver } from '../storage/handed-over';
import type { ApplicationValues } from '../application/values/application-values';
import type { ProgrammeForm } from '../application/rules/programme-form';
import { initialWizardState, type WizardState } from '../wizard/wizard-machine';
import type { RestoredDraft } from './draft-record';

/** What the wizard opens with: a restored draft, the Creator Hub step after acceptance, or a blank application. */
export interface InitialApplication {
  values: ApplicationValues;
  wizard: WizardState;
  /** The application was accepted: the Creator Hub step, no personal data. */
  submitted: boolean;
  /** True when the values came from a stored draft. */
  restored: boolean;
  /** Said once on screen (a catalogue key): a draft that could not be read was set aside. */
  notice: 'draftUnreadable' | null;
  /** The application continues on another device (a link was made here): the form is read only until taken back. */
  handedOver?: HandedOver | null;
  /** Steps whose "Step Reached" already went out (by default: a restored draft's reached steps). */
  reported?: readonly number[];
}

export function allStepsReached(stepCount: number): WizardState {
  return { current: stepCount - 1, reached: Array.from({ length: stepCount }, (_, step) => step) };
}

export function initialApplication(programme: ProgrammeForm, stepCount: number, draft: RestoredDraft, submitted: boolean): InitialApplication {
  if (submitted) {
    return { values: programme.emptyValues, wizard: allStepsReached(stepCount), submitted: true, restored: false, notice: null, handedOver: null };
  }
  if (draft.kind === 'restored') {
    return { values: draft.values, wizard: draft.wizard, submitted: false, restored: true, notice: null, handedOver: null };
  }
  return {
    values: programme.emptyValues,
    wizard: initialWizardState,
    submitted: false,
    restored: false,
    notice: draft.kind === 'corrupt' ? 'draftUnreadable' : null,
    handedOver: null,
  };
}
