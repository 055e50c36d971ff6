import type { ApplicationValues } from '../application/values/application-values';
import type { ProgrammeForm } from '../application/rules/programme-form';
import { createDraftRecord, restoreDraft } from '../drafts/draft-record';
import { loadStoredDraft, saveDraft } from '../drafts/draft-store';
import { normaliseRecord } from '../outbox/outbox-record';
import type { KeyValueStore } from '../storage/resilient-store';
import { HANDED_OVER_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../storage/stored-keys';
import { pageLocalStorage, type SyncStorage } from '../storage/sync-storage';
import { clearUnloadCopy } from '../storage/unload-copy';
import { putDeviceFile, type DeviceFile } from '../storage/device-files';
import { filesToAdopt } from './handed-files';
import type { WizardState } from '../wizard/wizard-machine';
import { readHandoverRevision, writeHandoverRevision } from './handover-revision';
import { decryptDraft, EnvelopeError } from './draft-envelope';
import { draftUrl, takeDraft } from './drafts-endpoint';
import { readHandedOver } from '../storage/handed-over';

/**
 * Opening a resume link on the device it was sent to: the ciphertext fetched (the receiver then
 * forgets it), opened with the link's key, its answers read against this device's programme as a
 * stored draft's are, and compared with what the device holds. Nothing held here is overwritten
 * silently: a draft with answers, or an application waiting to be sent, makes the creator choose.
 */

/** What the creator is shown of one application to tell the two apart. */
export interface DescribedApplication {
  /** First and last name as typed, else the e-mail address, else empty. */
  name: string;
  /** The step it was on (an index into the programme's steps). */
  step: number;
  /** When it was saved, ms since the epoch (undefined when the device does not know). */
  savedAt: number | undefined;
  /** Waiting to be sent from this device (this one only). */
  queued: boolean;
}

export type OpenHandoverFailure =
  /** Opened already, withdrawn, expired, or never stored. */
  | 'gone'
  /** The bytes fail their tag, or are cut: changed in transit, or a mangled link. */
  | 'tampered'
  /** Made by a version of the app this one cannot read. */
  | 'unreadable'
  /** No connection: the link still works once there is one. */
  | 'offline'
  /** The receiver is in trouble: the link still works later. */
  | 'unavailable';

export type OpenedHandover =
  | { kind: 'failed'; reason: OpenHandoverFailure }
  /** Nothing here to lose: restore at once. */
  | { kind: 'ready'; incoming: DescribedApplication; adopt: () => Promise<void> }
  /** The device holds another application: the creator chooses (keeping this one writes nothing). */
  | { kind: 'choose'; incoming: DescribedApplication; local: DescribedApplication; adopt: () => Promise<void> };

export interface OpenHandoverOptions {
  store: KeyValueStore;
  programme: ProgrammeForm;
  stepCount: number;
  requestUrl: string;
  pageUrl: string;
  link: { id: string; key: string };
  synchronous?: SyncStorage;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

function nameOf(values: ApplicationValues): string {
  const { firstName, lastName, emailAddress } = values.personalInfo;
  const name = `${firstName.trim()} ${lastName.trim()}`.trim();
  return name || emailAddress.trim();
}

function hasAnswers(values: ApplicationValues, blank: ApplicationValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(blank);
}

function failureOf(error: unknown): OpenHandoverFailure {
  if (!(error instanceof EnvelopeError)) throw error;
  return error.kind === 'tampered' || error.kind === 'truncated' || error.kind === 'bad-link' ? 'tampered' : 'unreadable';
}

function savedAtOf(stored: unknown): number | undefined {
  const value = typeof stored === 'object' && stored !== null ? (stored as { savedAt?: unknown }).savedAt : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** Fetches, opens and compares; never writes before the creator has chosen (or there was nothing to choose). */
export async function openResumeLink(options: OpenHandoverOptions): Promise<OpenedHandover> {
  const { store, programme, stepCount, requestUrl, pageUrl, link, synchronous = pageLocalStorage, fetchImpl, now = Date.now } = options;
  const taken = await takeDraft(draftUrl(requestUrl, pageUrl, link.id), { fetchImpl });
  if (!taken.ok) return { kind: 'failed', reason: taken.reason };
  let payload;
  try {
    payload = await decryptDraft(taken.ciphertext, link);
  } catch (error) {
    return { kind: 'failed', reason: failureOf(error) };
  }
  const restored = restoreDraft(payload, programme, stepCount);
  if (restored.kind !== 'restored') return { kind: 'failed', reason: 'unreadable' };
  const { values, wizard } = restored;
  const incoming: DescribedApplication = { name: nameOf(values), step: wizard.current, savedAt: payload.savedAt, queued: false };
  const adopt = () =>
    adoptHandover(
      store,
      { values, wizard, applicationId: payload.applicationId, revision: payload.revision, files: filesToAdopt(payload.files, values) },
      synchronous,
      now,
    );

  const [storedDraft, queued, known, handedOver, submitted] = await Promise.all([
    loadStoredDraft(store, synchronous).catch(() => undefined),
    store.get<unknown>(OUTBOX_KEY).then(normaliseRecord, () => undefined),
    readHandoverRevision(store).catch(() => undefined),
    readHandedOver(store).catch(() => null),
    store.get<unknown>(SUBMITTED_KEY).catch(() => undefined),
  ]);
  const local = restoreDraft(storedDraft, programme, stepCount);
  const localValues = local.kind === 'restored' ? local.values : null;
  const holds = queued !== undefined || (submitted === undefined && localValues !== null && hasAnswers(localValues, programme.emptyValues));
  // Coming back to the device that handed this very application over: the link is its continuation.
  const comingBack = handedOver !== null && known?.applicationId === payload.applicationId && queued === undefined;
  if (!holds || comingBack) return { kind: 'ready', incoming, adopt };
  return {
    kind: 'choose',
    incoming,
    local: {
      name: localValues ? nameOf(localValues) : queued ? nameOf(programme.emptyValues) : '',
      step: local.kind === 'restored' ? local.wizard.current : 0,
      savedAt: savedAtOf(storedDraft) ?? queued?.createdAt,
      queued: queued !== undefined,
    },
    adopt,
  };
}

interface Adopted {
  values: ApplicationValues;
  wizard: WizardState;
  applicationId: string;
  revision: number;
  /** The uploaded files the link named (handover/handed-files.ts): kept as records without bytes. */
  files?: readonly DeviceFile[];
}

/**
 * The application from the link becomes this device's: its draft, under its id and last
 * revision (so what this device sends is numbered above it), replacing any draft, queued
 * application, hand-over or accepted marker held here.
 */
export async function adoptHandover(store: KeyValueStore, adopted: Adopted, synchronous: SyncStorage, now: () => number): Promise<void> {
  clearUnloadCopy(synchronous);
  await store.delete(OUTBOX_KEY);
  await store.delete(HANDED_OVER_KEY);
  await store.delete(SUBMITTED_KEY);
  await writeHandoverRevision(store, { applicationId: adopted.applicationId, revision: adopted.revision });
  // Before the draft that names them: a draft naming a file this device has no record of could not be sent.
  // One that cannot be kept (a full disk) leaves its file named but not here: sending then says so and names the field.
  for (const file of adopted.files ?? []) await putDeviceFile(file).catch(() => undefined);
  await saveDraft(store, createDraftRecord(adopted.wizard, adopted.values, now()), synchronous);
}
