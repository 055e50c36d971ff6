// @vitest-environment node
// One process at a time on a data folder, judged by a lock the kernel gives back when its holder
// dies (server/store/data-dir-lock.mjs), never by a pid that may since belong to another process:
// a receiver.json left naming a live, unrelated process (as after a reboot) does not stop a start;
// a receiver SIGKILLed and still a zombie does not stop a restart 100 ms later; two live holders
// never share a folder, and the second says which process has it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, readLock } from '../../../../server/store/data-dir-lock.mjs';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';

const LOCK_MODULE = fileURLToPath(new URL('../../../../server/store/data-dir-lock.mjs', import.meta.url));
const cleanUps: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'data-dir-lock-'));
  cleanUps.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) =>
        child.once('exit', () => {
          resolve();
        }),
      );
}

/** Another process holding the folder's lock, until it is killed. */
async function otherHolder(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { acquireLock } = await import(${JSON.stringify(LOCK_MODULE)}); const lock = await acquireLock(process.argv[1]); await lock.publish({ url: 'http://127.0.0.1:1', adminUrl: 'http://127.0.0.1:2' }); console.log('held'); setInterval(() => {}, 1000);`,
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanUps.push(async () => {
    child.kill('SIGKILL');
    await exited(child);
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolve();
    });
    child.once('exit', () => {
      reject(new Error('the other holder exited'));
    });
  });
  return child;
}

/** The state letter of a process in /proc (Z: a zombie, dead but not yet reaped), null once it is gone. */
async function processState(pid: number): Promise<string | null> {
  try {
    return /^\d+ \(.*\) (\S) /.exec(await readFile(`/proc/${String(pid)}/stat`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

describe.skipIf(process.platform !== 'linux')('the data folder lock', () => {
  it.each([
    ['PID 1, as after a reboot', () => Promise.resolve(1)],
    [
      'a live process of another program',
      () => {
        const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
        cleanUps.push(async () => {
          sleeper.kill('SIGKILL');
          await exited(sleeper);
        });
        return Promise.resolve(sleeper.pid ?? 0);
      },
    ],
  ])('is taken when receiver.json names %s', async (_, livePid) => {
    const dir = await folder();
    const pid = await livePid();
    await writeFile(join(dir, 'receiver.json'), JSON.stringify({ pid, url: 'http://127.0.0.1:4173', token: 'stale' }), { mode: 0o600 });
    expect(await readLock(dir)).toBeNull();
    const lock = await acquireLock(dir);
    try {
      const info = JSON.parse(await readFile(join(dir, 'receiver.json'), 'utf8')) as { pid: number; token: string };
      expect(info).toMatchObject({ pid: process.pid, token: lock.token });
    } finally {
      await lock.release();
    }
  });

  it('is refused to a second live holder, naming the first, and free the moment the first is killed', async () => {
    const dir = await folder();
    const holder = await otherHolder(dir);
    expect(await readLock(dir)).toMatchObject({ pid: holder.pid, url: 'http://127.0.0.1:1', adminUrl: 'http://127.0.0.1:2' });
    await expect(acquireLock(dir)).rejects.toThrow(
      `${dir} is in use by process ${String(holder.pid)} (http://127.0.0.1:1); stop it first or set another DATA_DIR.`,
    );
    // Within this process too: one holder per folder.
    holder.kill('SIGKILL');
    await exited(holder);
    const lock = await acquireLock(dir);
    await expect(acquireLock(dir)).rejects.toThrow(/is in use by process/);
    await lock.release();
    await expect(readFile(join(dir, 'receiver.json'))).rejects.toThrow(/ENOENT/);
  });

  it('lets a receiver start 100 ms after its predecessor on the folder was SIGKILLed, though that one is still a zombie', async () => {
    const root = await servedRoot();
    cleanUps.push(() => rm(root, { recursive: true, force: true }));
    const dataDir = await folder();
    // A parent that never reaps its child (as a busy or stuck supervisor): the killed receiver stays a zombie, its pid taken.
    const first = await spawnReceiver({ root, dataDir, wrapper: { command: 'perl', args: ['-e', 'if (fork() == 0) { exec @ARGV or die } sleep 600'] } });
    cleanUps.push(() => first.kill());
    const { pid } = JSON.parse(await readFile(join(dataDir, 'receiver.json'), 'utf8')) as { pid: number };
    process.kill(pid, 'SIGKILL');
    for (let waited = 0; (await processState(pid)) !== 'Z' && waited < 10_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await processState(pid)).toBe('Z');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await spawnReceiver({ root, dataDir });
    cleanUps.push(() => second.stop());
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(JSON.parse(await readFile(join(dataDir, 'receiver.json'), 'utf8'))).toMatchObject({ pid: second.child.pid });
  }, 180_000);
});
