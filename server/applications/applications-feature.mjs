// The applications room, as the start composes it: the receiver that checks and stores each
// application (receiver.mjs) with the files it names (named-files-checks.mjs), the retention that
// erases what is older than RETENTION_DAYS (retention-schedule.mjs), and its admin endpoints
// (applications-admin.mjs).
import { currentProgrammeNames } from '../log/refused-answers-reason.mjs';
import { applicationsAdmin } from './applications-admin.mjs';
import { createFileChecks } from './named-files-checks.mjs';
import { createReceiver } from './receiver.mjs';
import { startRetention } from './retention-schedule.mjs';

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store, path: string, allowedOrigins: ReadonlySet<string>,
 *   log: (line: string) => void,
 *   webhooks: { giveUpAfterMs: number } | null, onStored: () => void,
 *   proofOfWork: import('./receiver.mjs').ReceiverOptions['proofOfWork'],
 *   admit: import('../limits/admission.mjs').Admit,
 *   programmes: Awaited<ReturnType<typeof import('../programme/programme-source.mjs').createProgrammeSource>>,
 *   fileFields: () => Promise<import('../uploads/accepts-type.mjs').FileFieldRules[]>,
 *   uploadsFolder: string | null, retentionDays: number,
 *   status?: import('./receiver.mjs').ReceiverOptions['status'],
 * }} options programmes: the programmes the receiver applies (the current one, or a recent one that
 *   accepts a body); uploadsFolder: where the files a body names are (erased with it); status: the status
 *   links and whether mail is on (server/status/, handed in by the start)
 */
export function createApplicationsFeature({
  store,
  path,
  allowedOrigins,
  log,
  webhooks,
  onStored,
  proofOfWork,
  admit,
  programmes,
  fileFields,
  uploadsFolder,
  retentionDays,
  status = null,
}) {
  const answer = createReceiver({
    store,
    path,
    allowedOrigins,
    log,
    webhooks,
    onStored,
    proofOfWork,
    admit,
    status,
    // The programme that accepts a body judges it: its digest is stored with the revision (the team reads it with its labels).
    validate: (body) => programmes.validate(body),
    defaultLanguage: () => programmes.language,
    programmeNames: currentProgrammeNames(() => programmes.current()),
    // The files a PUT names: uploads in the uploads folder, judged by their bytes.
    checkFiles: createFileChecks({ store, folder: uploadsFolder, fileFields }),
  });
  const retention = startRetention(store, { days: retentionDays, log, uploadsFolder });
  return {
    answer,
    admin: applicationsAdmin({ store, uploadsFolder }),
    close: () => retention.stop(),
  };
}
