// @vitest-environment node
// A requestUrl moved on a running server (dist/config.json edited) is answered at once on its new
// path, and on its old one for pages opened before the edit, across a restart too: until now the
// page given the edit got 405 until a restart, and applications sent meanwhile stayed on devices.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
if ('reason' in postgres) process.stderr.write(`Skipping the requestUrl-move tests on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

describe.each(stores)('a requestUrl moved on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'is answered at once on the new path and still on the old one, after a restart too; a GET of the old path is a page again',
    async () => {
      const root = await servedRoot();
      const dataDir = await mkdtemp(join(tmpdir(), 'programme-move-'));
      const lines: string[] = [];
      const start = () => startServer({ root, port: 0, dataDir, databaseUrl, receiverRules, log: (line) => lines.push(line) });
      let server = await start();
      const put = async (path: string) =>
        (
          await rawRequest(`${server.url}${path}`, {
            headers: [
              ['Content-Type', 'application/json'],
              ['Idempotency-Key', unique('k')],
              ['Application-Id', unique('a')],
            ],
            body: JSON.stringify(sampleBody()),
          })
        ).status;
      try {
        expect(await put('/api/applications')).toBe(201);
        const config = JSON.parse(await readFile(join(root, 'config.json'), 'utf8')) as Record<string, unknown>;
        await writeFile(join(root, 'config.json'), JSON.stringify({ ...config, requestUrl: '/api/apply' }, null, 2));

        // The first PUT after the edit, before any page was served: answered on the new path (was 405).
        expect(await put('/api/apply')).toBe(201);
        // A page opened before the edit still sends to the old path.
        expect(await put('/api/applications')).toBe(201);
        expect(lines.filter((line) => line.startsWith('Receiver: requestUrl moved to /api/apply'))).toEqual([
          'Receiver: requestUrl moved to /api/apply: answered there from now on, and at /api/applications too for pages opened before the edit (30 days)',
        ]);
        // Only the receiver's own methods: a navigation to the new path is still the page.
        const page = await rawRequest(`${server.url}/api/apply`, { method: 'GET' });
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');

        // A restart starts on the new path, and remembers the old one from the store.
        await server.close();
        server = await start();
        expect(server.path).toBe('/api/apply');
        expect(await put('/api/apply')).toBe(201);
        expect(await put('/api/applications')).toBe(201);
        expect(lines).toContain('Receiver: also answering at /api/applications, where pages of the last 30 days send applications (requestUrl moved)');
        // A path no programme ever sent to is not answered: the app server's 405, as before.
        expect(await put('/api/elsewhere')).toBe(405);
        const stored = await server.store.query('SELECT count(*)::int AS n FROM applications');
        expect(stored.rows[0]?.n).toBe(5);
      } finally {
        await server.close();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('a requestUrl moved to another folder', () => {
  it('takes its drafts and challenge along: the page finds them beside the new path', async () => {
    const root = await servedRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'programme-move-folder-'));
    const requests: Array<{ path: string; status: number }> = [];
    const server = await startServer({ root, port: 0, dataDir, receiverRules, logRequest: (entry) => requests.push(entry) });
    try {
      const config = JSON.parse(await readFile(join(root, 'config.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(join(root, 'config.json'), JSON.stringify({ ...config, requestUrl: '/v2/applications' }, null, 2));
      // The page is given the edit, then sends everything beside the new path.
      expect(JSON.parse((await rawRequest(`${server.url}/config.json`, { method: 'GET' })).text)).toMatchObject({ requestUrl: '/v2/applications' });
      const id = randomBytes(16).toString('base64url');
      const draft = randomBytes(500);
      expect(
        (await rawRequest(`${server.url}/v2/drafts/${id}`, { method: 'PUT', headers: [['Content-Type', 'application/octet-stream']], body: draft })).status,
      ).toBe(201);
      // Taken once, from either folder: it is one store of drafts.
      const taken = await fetch(`${server.url}/api/drafts/${id}`);
      expect(taken.status).toBe(200);
      expect(Buffer.from(await taken.arrayBuffer())).toEqual(draft);
      // The challenge beside the new path is the receiver's (not the page a navigation would get).
      const challenge = await rawRequest(`${server.url}/v2/challenge`, { method: 'GET' });
      const original = await rawRequest(`${server.url}/api/challenge`, { method: 'GET' });
      expect([challenge.status, challenge.headers['content-type']]).toEqual([original.status, original.headers['content-type']]);
      expect(challenge.headers['content-type']).not.toContain('text/html');
      // No draft's id in any log line, under the new folder either.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests.map((entry) => entry.path).join('\n')).not.toContain(id);
    } finally {
      await server.close();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
