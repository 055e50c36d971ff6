import type { ApplicationValues } from '../application/values/application-values';
import { isTree } from '../application/values/is-tree';
import type { WizardState } from '../wizard/wizard-machine';

/**
 * What a resume link carries from one device to another, before encryption: every answer and
 * the wizard's place, with what the receiving device needs to decide whether to keep it (when it
 * was saved, for which application and revision, under which programme). Its shape is checked on
 * opening the link; the answers themselves are checked against the programme when restored, as a stored
 * draft's are (drafts/draft-record.ts), since the programme may have changed in between.
 */

/** The payload's own format: a later one may carry more, and this one refuses it. */
export const HANDOVER_PAYLOAD_FORMAT = 1;

export interface HandoverPayload {
  format: typeof HANDOVER_PAYLOAD_FORMAT;
  /** The application's id (sent as Application-Id): both devices continue the same application. */
  applicationId: string;
  /** The last revision known to the device that made the link (0 when nothing was sent yet). */
  revision: number;
  /** When the answers were saved, in ms since the epoch. */
  savedAt: number;
  /** The programme the answers were typed for: its config digest, or another version marker. */
  programme: string;
  wizard: WizardState;
  values: ApplicationValues;
  /**
   * The files the answers name, as references to their uploads (handover/handed-files.ts); absent
   * from links made before files existed. Each is checked when the link is opened, not here.
   */
  files?: readonly unknown[];
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isWizardState(value: unknown): value is WizardState {
  return isTree(value) && isCount(value.current) && Array.isArray(value.reached) && value.reached.every(isCount);
}

function hasValuesShape(value: unknown): value is ApplicationValues {
  return (
    isTree(value) &&
    isTree(value.personalInfo) &&
    isTree(value.platforms) &&
    Array.isArray(value.platformCards) &&
    isTree(value.fields) &&
    isTree(value.fields.single)
  );
}

/** Whether a decrypted, parsed value has the payload's shape (the answers' details are the restore's to check). */
export function isHandoverPayload(value: unknown): value is HandoverPayload {
  return (
    isTree(value) &&
    value.format === HANDOVER_PAYLOAD_FORMAT &&
    typeof value.applicationId === 'string' &&
    value.applicationId.length > 0 &&
    isCount(value.revision) &&
    typeof value.savedAt === 'number' &&
    Number.isFinite(value.savedAt) &&
    value.savedAt >= 0 &&
    typeof value.programme === 'string' &&
    isWizardState(value.wizard) &&
    hasValuesShape(value.values)
  );
}
