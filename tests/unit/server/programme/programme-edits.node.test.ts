// @vitest-environment node
// An edit of dist/config.json takes effect in the receiver as it does in the page, without a
// restart, and never turns away an application made in a page opened before the edit.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../../../server/start-server.mjs';
import { receiverRules } from '../../../../src/config/receiver-rules';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the programme-edit tests on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

interface SelectField {
  kind: string;
  path: string;
  label: string;
  options: Array<{ name: string; value: string }>;
  required?: boolean;
}
interface Config {
  steps: Array<{ blocks: Array<{ component: string; data: { fields?: SelectField[] } }> }>;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

type Body = ReturnType<typeof sampleBody>;

function withAnswer(body: Body, key: string, value: string): Body {
  return { ...body, fields: [...body.fields.filter((field) => field.key !== key), { key, value }] };
}

/** The default programme's Details section, where the edits below add and rename answers. */
function detailsFields(config: Config): SelectField[] {
  const fields = config.steps[2]?.blocks[0]?.data.fields;
  if (!fields) throw new Error('the default programme has no Details section');
  return fields;
}

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('an edited programme on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'applies the edit at the next request, still accepts what the previous programme asked, after a restart too, and keeps the last valid programme over a broken edit',
    async () => {
      const root = await servedRoot();
      const dataDir = await mkdtemp(join(tmpdir(), 'programme-edit-'));
      const lines: string[] = [];
      const start = () => startServer({ root, port: 0, dataDir, databaseUrl, receiverRules, log: (line) => lines.push(line) });
      let server = await start();
      const put = async (body: Body) =>
        (
          await rawRequest(`${server.url}/api/applications`, {
            headers: [
              ['Content-Type', 'application/json'],
              ['Idempotency-Key', unique('k')],
              ['Application-Id', unique('a')],
            ],
            body: JSON.stringify(body),
          })
        ).status;
      try {
        const original = await readFile(join(root, 'config.json'), 'utf8');
        const withBudget = withAnswer(sampleBody(), 'budget', 'Under $1,000');
        // Before the edit, the receiver refuses an answer to a question the programme does not ask.
        expect(await put(withBudget)).toBe(422);

        // The deployer adds a question and removes another, in the file the page is served.
        const edited = JSON.parse(original) as Config;
        const fields = detailsFields(edited);
        fields.push({
          kind: 'select',
          path: 'fields.single.budget',
          label: 'Budget',
          options: [
            { name: 'Under $1,000', value: 'Under $1,000' },
            { name: '$1,000 or more', value: '$1,000 or more' },
          ],
          required: false,
        });
        fields.splice(
          fields.findIndex((field) => field.path === 'fields.single.niche'),
          1,
        );
        await writeFile(join(root, 'config.json'), JSON.stringify(edited, null, 2));

        const withoutNiche = (body: Body): Body => ({ ...body, fields: body.fields.filter((field) => field.key !== 'niche') });
        expect(await put(withoutNiche(withBudget))).toBe(201);
        // A page opened before the edit still answers the removed question: accepted, under the previous programme.
        expect(await put(sampleBody())).toBe(201);
        // What no programme ever asked together is still refused: the new question and the removed one.
        expect(await put(withBudget)).toBe(422);
        expect(lines.join('\n')).toMatch(/Programme changed: ".+" \(digest [0-9a-f]{16}\) now applies/);

        // A restart keeps both: the edit and the previous programme's applications.
        await server.close();
        server = await start();
        expect(await put(withoutNiche(withBudget))).toBe(201);
        expect(await put(sampleBody())).toBe(201);

        // A requestUrl moved to another path is answered there at once, and here still (programme-moves.node.test.ts): the log says so, once.
        await writeFile(join(root, 'config.json'), JSON.stringify({ ...edited, requestUrl: '/api/v2/applications' }, null, 2));
        expect(await put(withoutNiche(withBudget))).toBe(201);
        expect(await put(withoutNiche(withBudget))).toBe(201);
        expect(lines.filter((line) => line.startsWith('Receiver: requestUrl moved to /api/v2/applications'))).toHaveLength(1);

        // A broken edit is not applied: the last valid programme goes on, and the log says why, once.
        await writeFile(join(root, 'config.json'), '{ "title": "half an edit", ');
        expect(await put(withoutNiche(withBudget))).toBe(201);
        expect(await put(withoutNiche(withBudget))).toBe(201);
        expect(lines.filter((line) => line.includes('config.json changed but is not a valid programme'))).toHaveLength(1);
      } finally {
        await server.close();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('a programme a page was given', () => {
  let root = '';
  let dataDir = '';
  let lines: string[] = [];
  let server: Awaited<ReturnType<typeof startServer>>;
  let original = '';

  beforeEach(async () => {
    root = await servedRoot();
    dataDir = await mkdtemp(join(tmpdir(), 'programme-given-'));
    lines = [];
    server = await startServer({ root, port: 0, dataDir, receiverRules, log: (line) => lines.push(line) });
    original = await readFile(join(root, 'config.json'), 'utf8');
    // A fresh embedded store each time: its creation takes seconds on a busy machine.
  }, 60_000);
  afterEach(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = async (path: string) => rawRequest(`${server.url}${path}`, { method: 'GET' });
  const put = async (body: Body) =>
    (
      await rawRequest(`${server.url}/api/applications`, {
        headers: [
          ['Content-Type', 'application/json'],
          ['Idempotency-Key', unique('k')],
          ['Application-Id', unique('a')],
        ],
        body: JSON.stringify(body),
      })
    ).status;
  const edit = async (change: (config: Config & Record<string, unknown>) => void) => {
    const config = JSON.parse(original) as Config & Record<string, unknown>;
    change(config);
    const text = JSON.stringify(config, null, 2);
    await writeFile(join(root, 'config.json'), text);
    return text;
  };
  const addBudget = (config: Config) => {
    detailsFields(config).push({
      kind: 'select',
      path: 'fields.single.budget',
      label: 'Budget',
      options: [{ name: 'Under $1,000', value: 'Under $1,000' }],
      required: false,
    });
  };

  it('is recorded when it is served, so what a page made under it is accepted after another edit, with no application between', async () => {
    const withBudget = withAnswer(sampleBody(), 'budget', 'Under $1,000');
    // Programme B: a new question. A page opens, and is given it.
    const b = await edit(addBudget);
    expect((await get('/config.json')).text).toBe(b);
    // Programme C replaces it before that page sends; another page is given C.
    const c = await edit((config) => {
      config.title = 'Creator Trade Programme, second edition';
    });
    expect((await get('/config.json')).text).toBe(c);
    // The first page's application answers B's question: B was recorded when the page was given it.
    expect(await put(withBudget)).toBe(201);
    // Never given to any page: a question no programme asked is still refused.
    expect(await put(withAnswer(sampleBody(), 'favouriteColour', 'Teal'))).toBe(422);
  }, 60_000);

  it('is never an edit that fails the deploy checks: pages keep the last valid programme, its title and its policy, and the log says so loudly, once', async () => {
    // A programme that sends to a receiver on another host, which the page's policy must allow.
    const valid = await edit((config) => {
      config.requestUrl = 'https://receiver.example.com/api/applications';
    });
    expect((await get('/config.json')).text).toBe(valid);
    await edit((config) => {
      config.requestUrll = 'https://receiver.example.com/api/applications';
      delete config.requestUrl;
      config.title = 'A title the page must not show';
    });
    for (const path of ['/config.json', '/config.json', '/']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-security-policy']).toContain("connect-src 'self' https://receiver.example.com");
      if (path === '/config.json') expect(answer.text).toBe(valid);
      else expect(answer.text).not.toContain('A title the page must not show');
    }
    const warnings = lines.filter((line) => line.startsWith('WARNING: config.json changed but is not a valid programme'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('pages are still given "Hartwell Creator Trade Programme"');
    expect(warnings[0]).toContain('requestUrll: unknown key; did you mean "requestUrl"?');

    // Fixed: pages are given the fix at once.
    const fixed = await edit((config) => {
      config.title = 'Fixed';
    });
    expect((await get('/config.json')).text).toBe(fixed);
  }, 60_000);

  it('never gives pages an edit that takes requestUrl away; one that sets it to null on purpose is given, with a note', async () => {
    const withoutRequestUrl = await edit((config) => {
      delete config.requestUrl;
    });
    // Pages would thank every creator and send nothing: refused, as check-config refuses it.
    expect((await get('/config.json')).text).toBe(original);
    expect(lines.filter((line) => line.startsWith('WARNING: config.json changed but is not a valid programme'))).toEqual([
      expect.stringContaining('requestUrl: missing: the page would send applications nowhere and thank every creator'),
    ]);
    expect(withoutRequestUrl).not.toContain('requestUrl');

    const sendsNothing = await edit((config) => {
      config.requestUrl = null;
    });
    expect((await get('/config.json')).text).toBe(sendsNothing);
    await get('/');
    expect(lines.filter((line) => line.includes("config.json's requestUrl is now null"))).toEqual([
      'Note: config.json\'s requestUrl is now null, so pages given it send nothing and keep nothing (a programme that sends nothing on purpose); set "requestUrl": "/api/applications" again for this receiver to keep applications',
    ]);
  }, 60_000);
});
