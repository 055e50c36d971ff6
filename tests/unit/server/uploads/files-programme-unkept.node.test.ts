// @vitest-environment node
// A live edit to a programme with file fields, on a receiver that cannot keep files (PostgreSQL
// without UPLOADS_DIR), is refused as loudly as an invalid edit: an ERROR line, pages still given
// the last programme, no upload answered for weeks with 503 and Retry-After 3600. It used to be
// applied ("Programme changed"), /readyz staying 200 while every upload failed; and the start-up
// line read "files in null".
import { copyFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../../server/start-server.mjs';
import { describeUploads, filesUnkeptHere } from '../../../../server/uploads/uploads-folder.mjs';
import { receiverRules } from '../../../../src/config/receiver-rules';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { servedRoot } from '../../../support/receiver-fixture';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const FILES_PROGRAMME = fileURLToPath(new URL('../../../../docs/examples/config.files.json', import.meta.url));
const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the live switch to files on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

describe('a programme asking for files where none can be kept', () => {
  it('is a reason only on PostgreSQL without UPLOADS_DIR', () => {
    expect(filesUnkeptHere({})).toBeNull();
    expect(filesUnkeptHere({ DATABASE_URL: 'postgres://x', UPLOADS_DIR: '/srv/uploads' })).toBeNull();
    expect(filesUnkeptHere({ DATABASE_URL: 'postgres://x', UPLOADS_DIR: ' ' })).toMatch(/without UPLOADS_DIR/);
  });

  it('the start-up line says uploads cannot be kept rather than "files in null"', () => {
    expect(describeUploads({ uploadsPath: '/api/uploads', uploadsFolder: null })).toBe(
      'Uploads: none can be kept (PostgreSQL without UPLOADS_DIR): the programme asks for no file, and an edit asking for files is refused until UPLOADS_DIR is set',
    );
    expect(describeUploads({ uploadsPath: '/api/uploads', uploadsFolder: '/srv/uploads' })).toContain('files in /srv/uploads,');
  });

  it.skipIf('reason' in postgres)(
    'is refused as a live edit with an ERROR line, the last programme kept, once per version of the file',
    async () => {
      const root = await servedRoot();
      const dataDir = await preparedDataDir('files-unkept-');
      const lines: string[] = [];
      const server = await startServer({
        root,
        port: 0,
        dataDir,
        databaseUrl: 'url' in postgres ? postgres.url : '',
        receiverRules,
        log: (line) => lines.push(line),
      });
      try {
        expect(server.uploadsFolder).toBeNull();
        const original = await readFile(join(root, 'config.json'), 'utf8');
        await copyFile(FILES_PROGRAMME, join(root, 'config.json'));
        for (let ask = 0; ask < 3; ask += 1) expect((await rawRequest(`${server.url}/config.json`, { method: 'GET' })).text).toBe(original);
        expect(lines.filter((line) => line.startsWith('Programme changed'))).toEqual([]);
        const errors = lines.filter((line) => line.startsWith('ERROR: config.json changed but this receiver cannot apply it'));
        expect(errors).toHaveLength(1);
        expect(errors[0]).toContain('pages are still given "Hartwell Creator Trade Programme"');
        expect(errors[0]).toContain('without UPLOADS_DIR');
        expect(errors[0]).toContain('npm run -s check-config -- ');
        // The programme kept asks for no file: ready as before.
        expect((await rawRequest(`${server.url}/readyz`, { method: 'GET' })).status).toBe(200);
      } finally {
        await server.close();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
