// @vitest-environment node
// `npm start` stops as one thing (scripts/start.mjs): SIGTERM to npm's own process leaves no
// server serving, reparented to PID 1, holding the port and DATA_DIR; SIGTERM and SIGINT to the
// launcher are passed on and it exits with the server's code; a launcher killed outright takes
// its server with it. Run in a copy of the project's launcher scripts with the real server/ linked
// in and a built dist/ beside them, so npm start serves at once instead of building.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port';
import { buildServerBundle } from '../../support/receiver-process';
import { servedRoot } from '../../support/receiver-fixture';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let project: string;

beforeAll(async () => {
  await buildServerBundle();
  project = await mkdtemp(join(tmpdir(), 'npm-start-'));
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'npm-start-signals', private: true, type: 'module', scripts: { start: 'node scripts/start.mjs' } }),
  );
  await mkdir(join(project, 'scripts'));
  for (const file of ['start.mjs', 'build-if-needed.mjs', 'served-programme.mjs']) {
    await copyFile(join(ROOT, 'scripts', file), join(project, 'scripts', file));
    // Older than the build, as sources are once built: npm start serves without building.
    await utimes(join(project, 'scripts', file), new Date(2000, 0, 1), new Date(2000, 0, 1));
  }
  await symlink(join(ROOT, 'server'), join(project, 'server'));
  const dist = await servedRoot();
  await rm(join(project, 'dist'), { recursive: true, force: true });
  await symlink(dist, join(project, 'dist'));
}, 180_000);

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** A process is gone once it is neither running nor a zombie waiting for PID 1 to reap it. */
async function isGone(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
    return /^\d+ \(.*\) Z /.test(stat);
  } catch {
    return true;
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

async function until(condition: () => Promise<boolean>, withinMs = 30_000): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

interface Started {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  port: number;
  dataDir: string;
  serverPid: number;
  launcherPid: number;
  output: () => string;
}

/** Runs `command` in the project (npm start, or the launcher itself) until the server listens. */
async function start(command: string, args: string[]): Promise<Started> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'npm-start-data-'));
  const child = spawn(command, args, {
    cwd: project,
    env: { ...process.env, DIST_DIR: join(project, 'dist'), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_FORMAT: 'text' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Creator partnership wizard: http://')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      reject(new Error(`npm start exited before listening:\n${output}`));
    });
  });
  // An answer means the server ran its start-up to the end, where it starts listening for signals.
  expect((await fetch(`http://127.0.0.1:${String(port)}/healthz`)).status).toBe(200);
  const { pid: serverPid } = JSON.parse(await readFile(join(dataDir, 'receiver.json'), 'utf8')) as { pid: number };
  const launcherPid = Number((await readFile(`/proc/${String(serverPid)}/stat`, 'utf8')).replace(/^\d+ \(.*\) \S /, '').split(' ')[0]);
  return { child, exited, port, dataDir, serverPid, launcherPid, output: () => output };
}

async function cleanUp(started: Started) {
  for (const pid of [started.serverPid, started.launcherPid, started.child.pid ?? 0]) {
    if (pid > 0 && !(await isGone(pid))) process.kill(pid, 'SIGKILL');
  }
  await rm(started.dataDir, { recursive: true, force: true });
}

describe('npm start', () => {
  it('leaves no server behind when npm itself is sent SIGTERM: the port and DATA_DIR are free', async () => {
    const started = await start('npm', ['start']);
    try {
      expect(started.launcherPid).not.toBe(started.child.pid);
      started.child.kill('SIGTERM');
      await started.exited;
      expect(await until(() => isGone(started.serverPid))).toBe(true);
      expect(await portAnswers(started.port)).toBe(false);
      // The server closed its store and gave the folder back.
      await expect(readFile(join(started.dataDir, 'receiver.json'))).rejects.toThrow(/ENOENT/);
      expect(await until(() => isGone(started.launcherPid))).toBe(true);
    } finally {
      await cleanUp(started);
    }
  }, 180_000);

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'passes %s on to its server, which closes the store, and exits with its code',
    async (signal) => {
      const started = await start(process.execPath, ['scripts/start.mjs']);
      try {
        expect(started.launcherPid).toBe(started.child.pid);
        started.child.kill(signal);
        const exit = await started.exited;
        expect(exit, started.output()).toEqual({ code: 0, signal: null });
        expect(await until(() => isGone(started.serverPid))).toBe(true);
        expect(await portAnswers(started.port)).toBe(false);
        await expect(readFile(join(started.dataDir, 'receiver.json'))).rejects.toThrow(/ENOENT/);
      } finally {
        await cleanUp(started);
      }
    },
    180_000,
  );

  it('takes its server with it when the launcher is killed outright', async () => {
    const started = await start(process.execPath, ['scripts/start.mjs']);
    try {
      started.child.kill('SIGKILL');
      await started.exited;
      expect(await until(() => isGone(started.serverPid))).toBe(true);
      expect(await portAnswers(started.port)).toBe(false);
    } finally {
      await cleanUp(started);
    }
  }, 180_000);
});
