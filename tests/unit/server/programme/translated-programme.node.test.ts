// @vitest-environment node
// A programme offered in several languages (docs/examples/config.en-fr.json) served by the real
// server: its pages and manifest name it in its default language, and an application sent from
// a French page is accepted against the same questions.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { manifestFields } from '../../../../server/programme/manifest-fields.mjs';
import { startServer } from '../../../../server/start-server.mjs';
import { receiverRules } from '../../../../src/config/receiver-rules';
import { rawRequest } from '../../../support/http-request';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

it('serves a programme in English and French and its manifest in its default language, and accepts its applications', async () => {
  const root = await servedRoot();
  const dataDir = await mkdtemp(join(tmpdir(), 'translated-programme-'));
  const example = await readFile(new URL('../../../../docs/examples/config.en-fr.json', import.meta.url), 'utf8');
  await writeFile(join(root, 'config.json'), example);
  const lines: string[] = [];
  const server = await startServer({ root, port: 0, dataDir, receiverRules, log: (line) => lines.push(line) });
  try {
    const index = await rawRequest(`${server.url}/`, { method: 'GET' });
    expect(index.text).toMatch(/<title>Creator Trade Programme · Hartwell Window Co\.<\/title>/);
    expect(manifestFields(JSON.parse(example) as Parameters<typeof manifestFields>[0], 'ltr')).toMatchObject({
      name: 'Hartwell Creator Trade Programme',
      short_name: 'Creator Programme',
      lang: 'en',
    });
    const sent = await rawRequest(`${server.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', 'k-translated'],
        ['Application-Id', 'a-translated'],
        ['Content-Language', 'fr'],
      ],
      body: JSON.stringify(sampleBody()),
    });
    expect(sent.status).toBe(201);
    expect(server.programme.title).toBe('Hartwell Creator Trade Programme');
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
