// @vitest-environment node
// An edit the running server kept off (it is not a valid programme) must not become an outage at
// the next restart: the receiver starts on the last valid programme it applied, says so with the
// file and its problems, and pages go on being given that programme. Until now the next start
// refused (`config.json is invalid: …`, exit 1, and nginx answered 502). A first start ever on an
// invalid file still refuses, readably, without creating a database to find nothing in it.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../../server/start-server.mjs';
import { receiverRules } from '../../../../src/config/receiver-rules';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the restart tests on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

describe.each(stores)('a restart after a refused edit on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'starts on the last valid programme, naming the file and the problem, and serves the fix once it comes',
    async () => {
      const root = await servedRoot();
      const dataDir = await mkdtemp(join(tmpdir(), 'programme-restart-'));
      const file = join(root, 'config.json');
      const lines: string[] = [];
      const start = () => startServer({ root, port: 0, dataDir, databaseUrl, receiverRules, log: (line) => lines.push(line) });
      let server = await start();
      const get = async (path: string) => rawRequest(`${server.url}${path}`, { method: 'GET' });
      const put = async () =>
        (
          await rawRequest(`${server.url}/api/applications`, {
            headers: [
              ['Content-Type', 'application/json'],
              ['Idempotency-Key', unique('k')],
              ['Application-Id', unique('a')],
            ],
            body: JSON.stringify(sampleBody()),
          })
        ).status;
      try {
        const valid = await readFile(file, 'utf8');
        const config = JSON.parse(valid) as { title: string; messages?: Record<string, string> };
        // The edit: a catalogue key the app does not have. Kept off live, with a WARNING that says what a restart does.
        const refused = JSON.stringify({ ...config, title: 'Refused edition', messages: { ...config.messages, savd: 'Saved' } }, null, 2);
        await writeFile(file, refused);
        expect((await get('/config.json')).text).toBe(valid);
        const live = lines.filter((line) => line.startsWith('WARNING: config.json changed but is not a valid programme'));
        expect(live).toHaveLength(1);
        expect(live[0]).toContain(`(npm run -s check-config -- ${file}); a restart meanwhile starts on it too: messages.savd`);

        await server.close();
        lines.length = 0;
        server = await start();
        const warning = lines.find((line) => line.startsWith('WARNING:'));
        expect(warning).toMatch(
          new RegExp(
            `^WARNING: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not a valid programme, so the receiver starts on the last valid one it applied, "Hartwell Creator Trade Programme" \\(digest [0-9a-f]{16}\\), and pages are given it until the file is fixed \\(npm run -s check-config -- .+\\): messages\\.savd`,
          ),
        );
        expect(server.programme.title).toBe('Hartwell Creator Trade Programme');
        // Pages are given the last valid programme, and their applications are stored.
        const served = await get('/config.json');
        expect(served.status).toBe(200);
        expect(served.text).toBe(valid);
        expect((await get('/')).text).not.toContain('Refused edition');
        expect(await put()).toBe(201);
        // The same version of the file is not reported again on every request.
        expect(lines.filter((line) => line.includes('is not a valid programme'))).toHaveLength(1);

        // Fixed: given to pages at their next load, as any edit.
        const fixed = JSON.stringify({ ...config, title: 'Fixed edition' }, null, 2);
        await writeFile(file, fixed);
        expect((await get('/config.json')).text).toBe(fixed);
        expect(await put()).toBe(201);
      } finally {
        await server.close();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('a first start ever on an invalid config.json', () => {
  it('refuses readably, naming the file and the command, without making a store', async () => {
    const root = await servedRoot();
    const dataDir = join(await mkdtemp(join(tmpdir(), 'programme-first-start-')), 'data');
    const file = join(root, 'config.json');
    try {
      const config = JSON.parse(await readFile(file, 'utf8')) as { messages?: Record<string, string> };
      await writeFile(file, JSON.stringify({ ...config, messages: { ...config.messages, savd: 'Saved' } }));
      const started = Date.now();
      await expect(startServer({ root, port: 0, dataDir, receiverRules })).rejects.toThrow(
        new RegExp(
          `^config\\.json is invalid: messages\\.savd: .+ \\(${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}; \`npm run -s check-config -- .+\` lists every problem; no valid programme was applied before, so there is none to start on\\)$`,
        ),
      );
      // Refused before any database was created (PGlite's first start takes seconds and hundreds of MB).
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect(readdir(dataDir)).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(join(dataDir, '..'), { recursive: true, force: true });
    }
  });
});
