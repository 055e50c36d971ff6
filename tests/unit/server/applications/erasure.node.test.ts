// @vitest-environment node
// Erasure erases: after `erase --email`, the address is in no file of the embedded database's
// folder, table files, indexes and WAL included, searched byte for byte.
import { execFile as execFileCallback } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/http-request';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { filesHolding } from '../../../support/files-holding';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

async function cli(args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env })).stdout;
}

describe('erasure on the embedded store', () => {
  it('leaves the address in no file of the data folder, while the receiver runs and after a restart', async () => {
    const root = await servedRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'erasure-'));
    let receiver = await spawnReceiver({ root, dataDir });
    try {
      const put = (email: string, id: string, revision: number) =>
        rawRequest(`${receiver.url}/api/applications`, {
          headers: [
            ['Content-Type', 'application/json'],
            ['Idempotency-Key', `${id}-${String(revision)}`],
            ['Application-Id', id],
            ['Application-Revision', String(revision)],
          ],
          body: JSON.stringify(sampleBody({ email, firstName: email === 'm7@example.com' ? 'Mnemosyne' : 'Ada', variant: revision })),
        });
      for (let index = 0; index < 20; index += 1) {
        const email = index === 7 ? 'm7@example.com' : `creator${String(index)}@example.com`;
        for (const revision of [1, 2]) expect((await put(email, `app-${String(index)}`, revision)).status).toBe(201);
      }
      // The test can fail: the address and the name are in the folder's files before the erasure.
      expect(await filesHolding(dataDir, 'm7@example.com')).not.toEqual([]);
      expect(await filesHolding(dataDir, 'Mnemosyne')).not.toEqual([]);

      expect(await cli(['erase', '--email', 'm7@example.com'], dataDir)).toBe('Erased 1 application(s), 2 revision(s), of m7@example.com.\n');
      expect(await filesHolding(dataDir, 'm7@example.com')).toEqual([]);
      expect(await filesHolding(dataDir, 'Mnemosyne')).toEqual([]);

      // Everyone else is still there, and the receiver goes on storing.
      const exported = (await cli(['export'], dataDir))
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id);
      expect(exported).toHaveLength(19);
      expect(exported).not.toContain('app-7');
      expect((await put('after@example.com', 'app-after', 1)).status).toBe(201);

      await receiver.stop();
      receiver = await spawnReceiver({ root, dataDir });
      expect(await filesHolding(dataDir, 'm7@example.com')).toEqual([]);
    } finally {
      await receiver.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
