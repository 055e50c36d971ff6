import type { ProgrammeForm } from '../application/rules/programme-form';
import { programmeFormOf } from '../config/programme-form-of';
import type { WizardConfig } from '../config/config-schema';
import { initialApplication, type InitialApplication } from '../drafts/initial-application';
import type { KeyValueStore } from '../storage/resilient-store';
import { holdsAnApplication } from './holds-an-application';

/**
 * A blank application for the wizard built behind a first visit's Welcome, ahead of Continue.
 * Unlike loadApplication it changes nothing on the device: it only makes sure the device still
 * holds nothing of an application, and refuses (rejects) when it does, since reading one may set
 * it aside (a corrupt draft) or forget it (after acceptance), which is Continue's to do, awake and
 * with the notice shown. A hidden, unawake wizard that did so could lose the notice to a reload.
 */
export async function loadBlankApplication(config: WizardConfig, store: KeyValueStore): Promise<{ programme: ProgrammeForm; initial: InitialApplication }> {
  if (await holdsAnApplication(store)) throw new Error('The device holds an application now: Continue loads it.');
  const programme = programmeFormOf(config);
  return { programme, initial: initialApplication(programme, config.steps.length, { kind: 'none' }, false) };
}
