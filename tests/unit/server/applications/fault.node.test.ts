// @vitest-environment node
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { freePort } from '../../../support/free-port';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver, type ReceiverProcess } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the receiver's fault test on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const CLIENTS = 8;
const APPLICATIONS_PER_CLIENT = 60;
const REVISIONS = 3;

/** The body of one revision of one application: distinct per revision, valid for the default programme. */
const bodyOf = (application: string, revision: number) => sampleBody({ email: `${application}@example.com`, variant: revision });

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('under faults, on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'thousands of PUTs with repeats, late retries and revisions, and a SIGKILL midway, leave one application per id with its latest revision',
    async () => {
      const root = await servedRoot();
      const dataDir = await mkdtemp(join(tmpdir(), 'receiver-fault-'));
      const port = await freePort();
      let receiver: ReceiverProcess = await spawnReceiver({ root, dataDir, databaseUrl, port });
      const url = `http://127.0.0.1:${String(port)}/api/applications`;
      let sent = 0;
      let killed = false;
      const statuses = new Map<number, number>();

      /** One PUT, retried until a 2xx, as the wizard's outbox does: through refused connections, 5xx and 409. */
      async function putUntilAccepted(application: string, revision: number): Promise<unknown> {
        const body = JSON.stringify(bodyOf(application, revision));
        const headers: Array<[string, string]> = [
          ['Content-Type', 'application/json'],
          ['Idempotency-Key', `${application}-r${String(revision)}`],
          ['Application-Id', application],
          ['Application-Revision', String(revision)],
        ];
        for (;;) {
          sent += 1;
          try {
            const answer = await rawRequest(url, { headers, body });
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status === 201) return answer.json;
            if (answer.status !== 409 && answer.status < 500) throw new Error(`refused ${String(answer.status)}: ${answer.text}`);
          } catch (error) {
            if (error instanceof Error && error.message.startsWith('refused')) throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
        }
      }

      async function client(index: number): Promise<void> {
        for (let n = 0; n < APPLICATIONS_PER_CLIENT; n += 1) {
          const application = `app-${String(index)}-${String(n)}`;
          for (let revision = 1; revision <= REVISIONS; revision += 1) {
            const receipt = await putUntilAccepted(application, revision);
            // A repeat of the same key (a retry whose answer was lost): the same receipt, nothing stored twice.
            if (Math.random() < 0.3) expect(await putUntilAccepted(application, revision)).toEqual(receipt);
          }
          // A late retry of an older body, after the newer ones: it must not become the latest.
          if (Math.random() < 0.3) await putUntilAccepted(application, 1);
        }
      }

      const killer = (async () => {
        while (sent < 700) await new Promise((resolve) => setTimeout(resolve, 20));
        await receiver.kill();
        killed = true;
        receiver = await spawnReceiver({ root, dataDir, databaseUrl, port });
      })();
      await Promise.all([...Array.from({ length: CLIENTS }, (_, index) => client(index)), killer]);
      await receiver.stop();

      expect(killed).toBe(true);
      expect(sent).toBeGreaterThan(1500);
      const store = await openStore({ databaseUrl, dataDir });
      try {
        const applications = await latestApplications(store);
        expect(applications).toHaveLength(CLIENTS * APPLICATIONS_PER_CLIENT);
        for (const application of applications) {
          expect(application.revisions).toBe(REVISIONS);
          expect(application.body).toEqual(bodyOf(application.id, REVISIONS));
        }
      } finally {
        await store.close();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
