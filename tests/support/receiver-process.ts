/**
 * The receiver as `npm start` runs it, in a child process (node server/serve.mjs) that a test can
 * SIGKILL: the durability and fault tests. The server's bundle of the wizard's rules is built first,
 * as `npm run build` would, so the child runs exactly what a deployer runs.
 */
import { execFile as execFileCallback, spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let built: Promise<unknown> | null = null;

/**
 * Builds server/build/receiver-rules.mjs once per test process, unless it is newer than every
 * source it is made from (`npm run build` just made it): two Playwright workers each rebuilding
 * it would empty the folder under the other's receiver as it starts.
 */
export function buildServerBundle(): Promise<unknown> {
  built ??= bundleIsFresh().then((fresh) =>
    fresh
      ? undefined
      : execFile(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.server.config.ts', '--logLevel', 'error'], { cwd: ROOT }),
  );
  return built;
}

async function bundleIsFresh(): Promise<boolean> {
  const bundle = await stat(join(ROOT, 'server/build/receiver-rules.mjs')).catch(() => null);
  if (!bundle) return false;
  const sources = await readdir(join(ROOT, 'src'), { recursive: true, withFileTypes: true });
  const times = await Promise.all([
    stat(join(ROOT, 'vite.server.config.ts')).then((source) => source.mtimeMs),
    ...sources.filter((entry) => entry.isFile()).map((entry) => stat(join(entry.parentPath, entry.name)).then((source) => source.mtimeMs)),
  ]);
  return times.every((time) => time < bundle.mtimeMs);
}

export interface ReceiverProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGKILL: no clean-up, no flush, as a crash or an OOM kill. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * @param options.wrapper a command that runs the receiver (`strace … node server/serve.mjs`): then
 *   stop() signals the receiver itself, by the pid in DATA_DIR/receiver.json, and the wrapper ends with it
 * @param options.onSpawned told the child's pid the moment it runs, before it listens (its memory is sampled from then)
 * @param options.script what the child runs instead of server/serve.mjs (a test's own start, same environment)
 */
export async function spawnReceiver({
  root,
  dataDir,
  databaseUrl,
  port = 0,
  extraEnv = {},
  wrapper,
  onSpawned,
  script = 'server/serve.mjs',
}: {
  root: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  port?: number;
  extraEnv?: Record<string, string>;
  wrapper?: { command: string; args: string[] };
  onSpawned?: (pid: number) => void;
  script?: string;
}): Promise<ReceiverProcess> {
  await buildServerBundle();
  // These tests send thousands of applications from one address to measure the store: no rate
  // limit unless extraEnv sets one (the flood test).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DIST_DIR: root,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_HOUR: '0',
    DRAFT_RATE_LIMIT_PER_MINUTE: '0',
    DRAFT_RATE_LIMIT_PER_HOUR: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const command = wrapper ? [wrapper.command, ...wrapper.args, process.execPath] : [process.execPath];
  const child = spawn(command[0] ?? process.execPath, [...command.slice(1), script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) onSpawned?.(child.pid);
  let output = '';
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Creator partnership wizard: (http:\/\/[^/\s]+)\//.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      reject(new Error(`the receiver exited before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (!wrapper) child.kill('SIGTERM');
      else {
        const { pid } = JSON.parse(await readFile(join(dataDir, 'receiver.json'), 'utf8')) as { pid: number };
        process.kill(pid, 'SIGTERM');
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
