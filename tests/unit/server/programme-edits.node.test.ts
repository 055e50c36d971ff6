// @vitest-environment node
// An edit of dist/config.json takes effect in the receiver as it does in the page, without a
// restart, and never turns away an application made in a page opened before the edit.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../server/start-server.mjs';
import { receiverRules } from '../../../src/config/receiver-rules';
import { rawRequest } from '../../support/http-request';
import { freshPostgresDatabase } from '../../support/local-postgres.mjs';
import { servedRoot } from '../../support/receiver-fixture';
import { sampleBody } from '../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the programme-edit tests on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

interface SelectField { kind: string; path: string; label: string; options: Array<{ name: string; value: string }>; required?: boolean }
interface Config { steps: Array<{ blocks: Array<{ component: string; data: { fields?: SelectField[] } }> }> }

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
  it.skipIf(skip)('applies the edit at the next request, still accepts what the previous programme asked, after a restart too, and keeps the last valid programme over a broken edit', async () => {
    const root = await servedRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'programme-edit-'));
    const lines: string[] = [];
    const start = () => startServer({ root, port: 0, dataDir, databaseUrl, receiverRules, log: (line) => lines.push(line) });
    let server = await start();
    const put = async (body: Body) =>
      (await rawRequest(`${server.url}/api/applications`, { headers: [['Content-Type', 'application/json'], ['Idempotency-Key', unique('k')], ['Application-Id', unique('a')]], body: JSON.stringify(body) })).status;
    try {
      const original = await readFile(join(root, 'config.json'), 'utf8');
      const withBudget = withAnswer(sampleBody(), 'budget', 'Under $1,000');
      // Before the edit, the receiver refuses an answer to a question the programme does not ask.
      expect(await put(withBudget)).toBe(422);

      // The deployer adds a question and removes another, in the file the page is served.
      const edited = JSON.parse(original) as Config;
      const fields = detailsFields(edited);
      fields.push({ kind: 'select', path: 'fields.single.budget', label: 'Budget', options: [{ name: 'Under $1,000', value: 'Under $1,000' }, { name: '$1,000 or more', value: '$1,000 or more' }], required: false });
      fields.splice(fields.findIndex((field) => field.path === 'fields.single.niche'), 1);
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

      // A requestUrl moved to another path needs a restart: the log says so, once.
      await writeFile(join(root, 'config.json'), JSON.stringify({ ...edited, requestUrl: '/api/v2/applications' }, null, 2));
      expect(await put(withoutNiche(withBudget))).toBe(201);
      expect(await put(withoutNiche(withBudget))).toBe(201);
      expect(lines.filter((line) => line.includes("requestUrl is now /api/v2/applications, but this receiver answers at /api/applications until it is restarted"))).toHaveLength(1);

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
  }, 120_000);
});
