// A real PostgreSQL server for the tests and the benchmark. TEST_DATABASE_URL names one (CI's
// .ci/run starts one from Debian's packages and sets it); otherwise one is started here from the
// installed server binaries in a temporary folder, as the `postgres` user when run as root
// (Postgres refuses to run as root). Each caller gets a fresh database on it. Outside CI, when
// none can be had, the caller is told why in one line and skips; in CI that is an error.
import { execFile as execFileCallback } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFile = promisify(execFileCallback);

function serverBinaries() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) if (existsSync(join(root, version, 'bin', 'initdb'))) return join(root, version, 'bin');
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs a server binary, as `postgres` when this process is root.
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  const asRoot = process.getuid?.() === 0;
  return asRoot ? execFile('runuser', ['-u', 'postgres', '--', command, ...args]) : execFile(command, args);
}

/**
 * Starts a throw-away server.
 * @returns {Promise<{ url: string, stop: () => Promise<void> } | { reason: string }>}
 */
export async function startLocalPostgres() {
  const bin = serverBinaries();
  if (!bin) return { reason: 'no PostgreSQL server binaries (apt-get install postgresql, or set TEST_DATABASE_URL)' };
  const dir = await mkdtemp(join(tmpdir(), 'receiver-pg-'));
  try {
    if (process.getuid?.() === 0) await execFile('chown', ['postgres:', dir]);
    await chmod(dir, 0o700);
    const port = await freePort();
    await run(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    await run(join(bin, 'pg_ctl'), [
      '-D',
      join(dir, 'data'),
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${String(port)} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
    return {
      url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
      async stop() {
        await run(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { reason: `PostgreSQL could not be started (${message})` };
  }
}

/**
 * A fresh, empty database for one test file: on TEST_DATABASE_URL's server, or on one started here.
 * @returns {Promise<{ url: string, stop: () => Promise<void> } | { reason: string }>}
 */
export async function freshPostgresDatabase() {
  const given = process.env.TEST_DATABASE_URL;
  const server = given ? { url: given, stop: () => Promise.resolve() } : await startLocalPostgres();
  if ('reason' in server) {
    if (process.env.CI) throw new Error(`CI needs PostgreSQL for the receiver's tests: ${server.reason}`);
    return server;
  }
  const name = `receiver_test_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      if (given) {
        const cleanup = new pg.Client({ connectionString: server.url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      }
      await server.stop();
    },
  };
}
