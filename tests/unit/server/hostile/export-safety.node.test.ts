// @vitest-environment node
// CSV cells that could still run (a leading line feed, space or no-break space before
// =, a full-width ＝, a leading |), an apostrophe shown in every phone cell, and bidi controls
// written raw by the JSON export. Through the real receiver and the real CLI, on both stores.
import { execFile as execFileCallback } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the export-safety test on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

async function cli(args: string[], dataDir: string, databaseUrl: string | undefined): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env })).stdout;
}

/** Parses CSV as RFC 4180 says (every cell quoted here), rows split at CRLF outside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] ?? '';
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  return rows;
}

/** Each answer a spreadsheet would run (or show reordered), in a column of its own, with what the CSV must hold. */
const HOSTILE: ReadonlyArray<{ column: string; value: string; csv: string }> = [
  { column: 'firstName', value: '=HYPERLINK("https://evil.example","x")', csv: `'=HYPERLINK("https://evil.example","x")` },
  { column: 'lastName', value: ' =1+1', csv: `' =1+1` },
  { column: 'company', value: '\u00A0=1+1', csv: "'\u00A0=1+1" },
  { column: 'city', value: '\uFF1D1+1', csv: "'\uFF1D1+1" },
  { column: 'addressFirstLine', value: '|calc!A0', csv: "'|calc!A0" },
  { column: 'addressSecondLine', value: '\u3000+cmd', csv: "'\u3000+cmd" },
  { column: 'fields.children.explanation', value: '\n=1+1', csv: "'\n=1+1" },
  { column: 'fields.currentWindowTreatments.explanation', value: 'Blinds \u202Efdp.exe', csv: 'Blinds <U+202E>fdp.exe' },
  { column: 'fields.niche', value: '\uFF20SUM(1)', csv: "'\uFF20SUM(1)" },
];

function hostileBody() {
  const body = sampleBody({ email: 'hostile@example.com' });
  const personal = body.personalInfo as unknown as Record<string, string>;
  for (const { column, value } of HOSTILE) {
    if (column.startsWith('fields.')) {
      const field = body.fields.find((entry) => entry.key === column.slice('fields.'.length));
      if (!field) throw new Error(`no field ${column}`);
      field.value = value;
    } else personal[column] = value;
  }
  return body;
}

const stores = [
  { name: 'embedded store', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL store', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('the exports on the $name', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'defuse every formula start, write the phone without an apostrophe, and escape or show bidi controls',
    async () => {
      const root = await servedRoot();
      const dataDir = await preparedDataDir('export-safety-');
      const receiver = await spawnReceiver({ root, dataDir, databaseUrl });
      try {
        const put = await rawRequest(`${receiver.url}/api/applications`, {
          headers: [
            ['Content-Type', 'application/json'],
            ['Idempotency-Key', 'hostile-1'],
            ['Application-Id', 'app-hostile'],
          ],
          body: JSON.stringify(hostileBody()),
        });
        expect(put.status, put.text).toBe(201);

        const [header, row] = parseCsv(await cli(['export', '--csv'], dataDir, databaseUrl));
        const at = (column: string) => row?.[header?.indexOf(column) ?? -1];
        for (const { column, csv } of HOSTILE) expect(at(column), column).toBe(csv);
        // A phone a spreadsheet keeps as text, with nothing the reader did not type in front of it.
        expect(at('phone')).toBe('(+1) 5551234567');
        for (const cell of row ?? []) expect(cell, 'a cell a spreadsheet would run').not.toMatch(/^[\p{Z}\p{Cc}\p{Cf}\s]*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20]/u);

        // JSON: the answer exactly, once parsed; the bidi control escaped in the text.
        for (const args of [['export'], ['export', '--revisions']]) {
          const json = await cli(args, dataDir, databaseUrl);
          expect(json).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
          expect(json).toContain('Blinds \\u202efdp.exe');
          const parsed = JSON.parse(json.trim()) as { body: unknown };
          expect(parsed.body).toEqual(hostileBody());
        }
      } finally {
        await receiver.stop();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
