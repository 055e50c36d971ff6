// @vitest-environment node
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the receiver's PostgreSQL durability test: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'an application answered 201 is there after the process is SIGKILLed at once and restarted',
    async () => {
      const root = await servedRoot();
      const dataDir = await preparedDataDir('receiver-durable-');
      try {
        let receiver = await spawnReceiver({ root, dataDir, databaseUrl });
        const body = JSON.stringify(sampleBody({ email: 'durable@example.com' }));
        const answer = await rawRequest(`${receiver.url}/api/applications`, {
          headers: [
            ['Content-Type', 'application/json'],
            ['Idempotency-Key', 'durable-key'],
            ['Application-Id', 'durable-app'],
          ],
          body,
        });
        // Killed the moment the 201 is read: nothing more is written or flushed by the process.
        await receiver.kill();
        expect(answer.status).toBe(201);

        receiver = await spawnReceiver({ root, dataDir, databaseUrl });
        try {
          // Its repeat is a replay of the stored answer, not a new application.
          const repeat = await rawRequest(`${receiver.url}/api/applications`, {
            headers: [
              ['Content-Type', 'application/json'],
              ['Idempotency-Key', 'durable-key'],
              ['Application-Id', 'durable-app'],
            ],
            body,
          });
          expect(repeat.status).toBe(201);
          expect(repeat.headers['idempotent-replayed']).toBe('true');
          expect(repeat.json).toEqual(answer.json);
        } finally {
          await receiver.stop();
        }
      } finally {
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
