// `npm run -s applications -- export [--csv] [--since DATE]` prints the stored applications (the
// latest revision of each) as JSON lines or CSV; `npm run -s applications -- erase --email ADDRESS`
// deletes every application and revision of that creator (a data-protection request);
// `files ID FOLDER` writes one application's files into a folder (application-files-command.mjs);
// `decide ID STATUS [--message TEXT]` and `show ID`: where an application stands (status-commands.mjs);
// `backup FILE` writes a consistent copy of the whole store (also while the receiver runs) and
// `restore FILE` loads one into an empty store (server/backup/backup*.mjs); `mail list` and
// `mail resend SEQ` show and send again the creators' e-mails (server/mail/mail-commands.mjs);
// `team add|role|list|remove` and `audit`: the programme team and its audit log (team-commands.mjs).
// With DATABASE_URL it works on PostgreSQL directly. On the embedded store it goes through the
// receiver when one is running on DATA_DIR (PGlite admits one process: the receiver's admin
// endpoints, loopback only, with the token in DATA_DIR/receiver.json); otherwise it takes the
// folder itself for the time it runs, so a receiver cannot start on it meanwhile. Each command
// first says on stderr which store it opened, and refuses one no receiver has used (cli-store.mjs).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applicationsCsv, revisionsCsv } from '../applications/applications-csv.mjs';
import { exportJsonLine } from '../applications/export-safety.mjs';
import { allRevisions, latestApplications } from '../applications/stored-applications.mjs';
import { eraseByEmail } from '../applications/erasure.mjs';
import { backupToFile, restoreFromFile } from './backup-commands.mjs';
import { keepNewFilesPrivate } from '../store/private-files.mjs';
import { describeStore, storeTarget, tell } from './cli-store.mjs';
import { admin, adminJson, onStore } from './on-store.mjs';
import { parseJson } from '../http/parse-json.mjs';
import { undeliveredDeliveries } from '../webhooks/webhook-deliveries.mjs';
import { describeRedelivery, formatDeliveries, redeliverDirectly } from '../webhooks/deliveries-commands.mjs';
import { formatMail, maskedMailRecords, resendDirectly } from '../mail/mail-commands.mjs';
import { uploadsFolderIfKept } from '../uploads/uploads-folder.mjs';
import { filesOfApplications } from '../applications/application-files-table.mjs';
import { writeApplicationFiles } from './application-files-command.mjs';
import { requireUploadsFolder, uploadsDirMissing } from './uploads-dir-required.mjs';
import { decideDirectly, describeApplication, describeDecision } from './status-commands.mjs';
import { applicationRecord } from '../status/status-history.mjs';
import { isRunDirectly } from '../process/run-directly.mjs';
import { TEAM_USAGE, teamCommand } from './team-commands.mjs';

const USAGE = [
  'usage: npm run -s applications -- export [--csv] [--since DATE] [--revisions]',
  '       npm run -s applications -- erase --email ADDRESS',
  "       npm run -s applications -- files APPLICATION-ID FOLDER   (writes that application's files into FOLDER)",
  '       npm run -s applications -- backup FILE     (a gzip file of the whole store, taken while it runs)',
  '       npm run -s applications -- restore FILE    (into an empty DATA_DIR or database, no receiver running on it)',
  '       npm run -s applications -- deliveries [--json]   (webhooks not delivered: pending and failed, with the last answer)',
  '       npm run -s applications -- redeliver ID|--failed  (send a webhook, or every failed one, again now)',
  "       npm run -s applications -- mail list [--failed]   (the creators' e-mails: state, attempts, last error; addresses masked)",
  '       npm run -s applications -- mail resend SEQ       (a sent or failed e-mail put back to be sent again now)',
  '       npm run -s applications -- decide APPLICATION-ID in-review|accepted|declined [--message TEXT]',
  '       npm run -s applications -- show APPLICATION-ID   (its reference, revisions and status history)',
  TEAM_USAGE,
].join('\n');

/** @param {string[]} argv */
export async function main(argv) {
  const [command, ...rest] = argv;
  if (command === 'team' || command === 'audit') {
    process.stdout.write(await teamCommand(command, rest));
    return;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      csv: { type: 'boolean' },
      revisions: { type: 'boolean' },
      since: { type: 'string' },
      email: { type: 'string' },
      json: { type: 'boolean' },
      failed: { type: 'boolean' },
      message: { type: 'string' },
    },
  });
  if (command === 'backup' || command === 'restore') {
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) throw new Error(`${command} needs one FILE\n${USAGE}`);
    if (command === 'backup') {
      const uploadsFolder = uploadsFolderIfKept({ dataDir: storeTarget(process.env).dataDir, env: process.env });
      /** @type {typeof onStore} */
      const onStoreWithFiles = (ways) =>
        onStore({
          ...ways,
          direct: async (store) => {
            await requireUploadsFolder(store, uploadsFolder, `backup ${file}`);
            return ways.direct(store);
          },
        });
      process.stdout.write(await backupToFile(resolve(file), onStoreWithFiles, (url, token) => admin(`${url}/admin/backup`, token), uploadsFolder));
      return;
    }
    const target = storeTarget(process.env);
    tell(`Restoring into: ${describeStore(target)}`);
    process.stdout.write(
      await restoreFromFile({ file: resolve(file), ...target, uploadsFolder: uploadsFolderIfKept({ dataDir: target.dataDir, env: process.env }) }),
    );
    return;
  }
  if (command === 'deliveries') {
    if (positionals.length > 0) throw new Error(USAGE);
    /** @type {Array<import('../webhooks/webhook-deliveries.mjs').DeliveryRecord>} */
    const deliveries = await onStore({
      direct: (store) => undeliveredDeliveries(store),
      viaReceiver: async (url, token) =>
        /** @type {Array<import('../webhooks/webhook-deliveries.mjs').DeliveryRecord>} */ (await adminJson(url, token, `/admin/deliveries`)),
    });
    process.stdout.write(values.json ? deliveries.map(exportJsonLine).join('') : formatDeliveries(deliveries));
    return;
  }
  if (command === 'redeliver') {
    const [id, ...extra] = positionals;
    if (extra.length > 0 || (id === undefined) === !values.failed) throw new Error(`redeliver needs one webhook id (msg_…) or --failed\n${USAGE}`);
    /** @type {{ id: string } | { failed: true }} */
    const which = id === undefined ? { failed: true } : { id };
    /** @type {number} */
    const count = await onStore({
      direct: (store) => redeliverDirectly(store, which),
      viaReceiver: async (url, token) => /** @type {{ count: number }} */ (await adminJson(url, token, `/admin/redeliver`, which)).count,
    });
    const told = describeRedelivery(which, count);
    if (told === null) throw new Error(`No webhook ${id ?? ''}: \`npm run -s applications -- deliveries\` lists those not delivered.`);
    process.stdout.write(told);
    return;
  }
  if (command === 'mail') {
    const [action, seqText, ...extra] = positionals;
    if (action === 'list' && seqText === undefined) {
      const which = { failed: values.failed === true };
      /** @type {Array<import('../mail/mail-outbox.mjs').MailRecord & { email: string }>} */
      const records = await onStore({
        direct: (store) => maskedMailRecords(store, which),
        viaReceiver: async (url, token) =>
          /** @type {Array<import('../mail/mail-outbox.mjs').MailRecord & { email: string }>} */ (
            await adminJson(url, token, `/admin/mail${which.failed ? '?failed=1' : ''}`)
          ),
      });
      process.stdout.write(values.json ? records.map(exportJsonLine).join('') : formatMail(records, which));
      return;
    }
    const seq = Number(seqText);
    if (action !== 'resend' || !/^[1-9][0-9]{0,15}$/.test(seqText ?? '') || extra.length > 0 || values.failed)
      throw new Error(`mail needs list [--failed], or resend and one status number (mail list shows them)\n${USAGE}`);
    process.stdout.write(
      await onStore({
        direct: (store) => resendDirectly(store, seq),
        viaReceiver: async (url, token) => /** @type {{ told: string }} */ (await adminJson(url, token, `/admin/mail/resend`, { seq })).told,
      }),
    );
    return;
  }
  if (command === 'decide') {
    const [applicationId, status, ...extra] = positionals;
    if (!applicationId || !status || extra.length > 0) throw new Error(`decide needs an application's id and a status\n${USAGE}`);
    const asked = { applicationId, status, message: values.message ?? null };
    /** @type {import('../status/decide.mjs').Decided} */
    const decided = await onStore({
      direct: (store) => decideDirectly(store, asked, process.env),
      viaReceiver: async (url, token) => /** @type {import('../status/decide.mjs').Decided} */ (await adminJson(url, token, `/admin/decide`, asked)),
    });
    process.stdout.write(describeDecision(decided));
    return;
  }
  if (command === 'show') {
    const [applicationId, ...extra] = positionals;
    if (!applicationId || extra.length > 0) throw new Error(`show needs an application's id\n${USAGE}`);
    /** @type {Awaited<ReturnType<typeof applicationRecord>>} */
    const record = await onStore({
      direct: (store) => applicationRecord(store, applicationId),
      viaReceiver: async (url, token) =>
        /** @type {Awaited<ReturnType<typeof applicationRecord>>} */ (
          await adminJson(url, token, `/admin/status?${new URLSearchParams({ application: applicationId }).toString()}`)
        ),
    });
    process.stdout.write(describeApplication(applicationId, record));
    return;
  }
  if (command === 'files') {
    const [applicationId, folder, ...extra] = positionals;
    if (!applicationId || !folder || extra.length > 0) throw new Error(`files needs an application's id and a FOLDER\n${USAGE}`);
    const uploadsFolder = uploadsFolderIfKept({ dataDir: storeTarget(process.env).dataDir, env: process.env });
    /** @type {Array<import('../applications/application-files-table.mjs').Binding>} */
    const files = await onStore({
      direct: async (store) => {
        await requireUploadsFolder(store, uploadsFolder, `files ${applicationId} ${folder}`);
        return (await filesOfApplications(store, [applicationId])).get(applicationId) ?? [];
      },
      viaReceiver: async (url, token) =>
        /** @type {Array<import('../applications/application-files-table.mjs').Binding>} */ (
          await adminJson(url, token, `/admin/files?${new URLSearchParams({ application: applicationId }).toString()}`)
        ),
    });
    if (uploadsFolder === null && files.length > 0) throw new Error(uploadsDirMissing(`files ${applicationId} ${folder}`, files.length, 'The application'));
    process.stdout.write(await writeApplicationFiles({ applicationId, files, uploadsFolder: uploadsFolder ?? '', folder: resolve(folder) }));
    return;
  }
  if ((command === 'export' || command === 'erase') && positionals.length > 0) throw new Error(USAGE);
  if (command === 'export') {
    const since = values.since ? new Date(values.since) : null;
    if (since && Number.isNaN(since.getTime())) throw new Error(`--since ${values.since} is not a date (try 2026-01-31 or 2026-01-31T12:00:00Z)`);
    const revisions = values.revisions === true;
    /** @type {Array<import('../applications/stored-applications.mjs').StoredApplication | import('../applications/stored-applications.mjs').StoredRevision>} */
    const records = await onStore({
      direct: (store) => (revisions ? allRevisions(store, { since }) : latestApplications(store, { since })),
      viaReceiver: async (url, token) => {
        const query = new URLSearchParams();
        if (since) query.set('since', since.toISOString());
        if (revisions) query.set('revisions', '1');
        const text = await (await admin(`${url}/admin/applications${query.size > 0 ? `?${query.toString()}` : ''}`, token)).text();
        return text
          .split('\n')
          .filter(Boolean)
          .map(
            (line) =>
              /** @type {import('../applications/stored-applications.mjs').StoredApplication | import('../applications/stored-applications.mjs').StoredRevision} */ (
                parseJson(line)
              ),
          );
      },
    });
    if (values.csv) {
      process.stdout.write(
        revisions
          ? revisionsCsv(/** @type {Array<import('../applications/stored-applications.mjs').StoredRevision>} */ (records))
          : applicationsCsv(/** @type {Array<import('../applications/stored-applications.mjs').StoredApplication>} */ (records)),
      );
    } else process.stdout.write(records.map(exportJsonLine).join(''));
    return;
  }
  if (command === 'erase') {
    const email = values.email?.trim();
    if (!email) throw new Error(`erase needs --email ADDRESS\n${USAGE}`);
    const uploadsFolder = uploadsFolderIfKept({ dataDir: storeTarget(process.env).dataDir, env: process.env });
    /** @type {{ applications: number, revisions: number, files?: number }} */
    const erased = await onStore({
      direct: async (store) => {
        await requireUploadsFolder(store, uploadsFolder, `erase --email ${email}`);
        return eraseByEmail(store, email, { uploadsFolder });
      },
      viaReceiver: async (url, token) =>
        /** @type {{ applications: number, revisions: number, files?: number }} */ (await adminJson(url, token, `/admin/erase`, { email })),
    });
    const files = erased.files ? ` and ${String(erased.files)} file(s)` : '';
    process.stdout.write(`Erased ${String(erased.applications)} application(s), ${String(erased.revisions)} revision(s)${files}, of ${email}.\n`);
    return;
  }
  throw new Error(USAGE);
}

if (isRunDirectly(import.meta.url)) {
  // Backups, and a store this command opens or restores, are its user's alone (store/private-files.mjs).
  keepNewFilesPrivate();
  // `export | head` closes the pipe once it has read enough: that is the reader's choice, not a failure.
  process.stdout.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  main(process.argv.slice(2)).catch((/** @type {unknown} */ error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
