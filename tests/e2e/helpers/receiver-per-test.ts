import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { DIST_DIR } from '../../support/dist-dir';
import { spawnReceiver, type ReceiverProcess } from '../../support/receiver-process';
import { preparedDataDir } from '../../support/prepared-data-dir';

export interface ReceiverPerTest {
  /** The running receiver of the test under way. */
  readonly server: ReceiverProcess;
  /** Its data folder, for the applications CLI. */
  readonly dataDir: string;
}

/**
 * Gives each test of the calling file `npm start`'s real receiver on a copy of the build and a
 * data folder of its own, removed after it; on the desktop project only (`whyDesktopOnly` says why
 * one run is enough), as a whole journey against a real server is slow. The folder is a copy of
 * one already migrated (tests/support/prepared-data-dir.ts): the journeys test what the receiver
 * does with applications, not its first start, which took 5 s of the two cores per test. `config`: a programme file
 * (docs/examples/config.files.json) put in the copy as its config.json, as a deployer would.
 */
export function receiverPerTest(prefix: string, whyDesktopOnly: string, { config }: { config?: string } = {}): ReceiverPerTest {
  let root = '';
  let dataDir = '';
  let server: ReceiverProcess | null = null;

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
  test.beforeEach(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', whyDesktopOnly);
    root = await mkdtemp(join(tmpdir(), `${prefix}-`));
    dataDir = await preparedDataDir(`${prefix}-data-`);
    await cp(DIST_DIR, root, { recursive: true });
    if (config) await cp(config, join(root, 'config.json'));
    server = await spawnReceiver({ root, dataDir });
  });

  test.afterEach(async () => {
    await server?.stop();
    server = null;
    if (root) await rm(root, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    root = '';
    dataDir = '';
  });

  return {
    get server() {
      if (!server) throw new Error('the receiver runs only inside a test');
      return server;
    },
    get dataDir() {
      return dataDir;
    },
  };
}
