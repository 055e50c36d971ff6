import type { ProgrammeForm } from '../application/rules/programme-form';
import { programmeFormOf } from '../config/programme-form-of';
import type { WizardConfig } from '../config/config-schema';
import { restoreDraft } from '../drafts/draft-record';
import { forgetDraft, loadStoredDraft, loadSubmittedMarker, setAsideCorruptDraft } from '../drafts/draft-store';
import { initialApplication, type InitialApplication } from '../drafts/initial-application';
import type { KeyValueStore } from '../storage/resilient-store';
import { readHandedOver } from '../storage/handed-over';
import { reportError } from '../telemetry/errors';

/**
 * Reads what this device holds before the first render, so the wizard opens on the right
 * step with its fields filled (no flash of an empty form). Never throws: a storage failure
 * or a corrupt draft opens a blank application, and the corrupt draft is set aside.
 */
export async function loadApplication(config: WizardConfig, store: KeyValueStore): Promise<{ programme: ProgrammeForm; initial: InitialApplication }> {
  const programme = programmeFormOf(config);
  const stepCount = config.steps.length;
  let stored: unknown;
  let submitted = false;
  try {
    submitted = Boolean(await loadSubmittedMarker(store));
    if (submitted) await forgetDraft(store);
    else stored = await loadStoredDraft(store);
  } catch (error) {
    reportError(error, { where: 'loading the draft' });
  }
  const draft = restoreDraft(stored, programme, stepCount);
  if (draft.kind === 'corrupt') {
    reportError(new Error(`Corrupt draft set aside: ${draft.reason}`), { where: 'restoring the draft' });
    await setAsideCorruptDraft(store, stored, draft.reason).catch((error: unknown) => {
      reportError(error, { where: 'setting aside a corrupt draft' });
    });
  } else if (draft.kind === 'restored' && draft.dropped.length > 0) {
    reportError(new Error('Draft fields dropped on restore'), { where: 'restoring the draft', dropped: draft.dropped.join(', ') });
  }
  const handedOver = submitted ? null : await readHandedOver(store).catch(() => null);
  return { programme, initial: { ...initialApplication(programme, stepCount, draft, submitted), handedOver } };
}
