// `npm start`: the one command for a fresh clone. Builds when dist/ is missing or older than its
// sources (scripts/build-if-needed.mjs), keeping the programme being served over the build's copy
// of public/config.json (scripts/served-programme.mjs), then runs the server (server/serve.mjs),
// which is also `npm run serve` for a production start that never builds.
// The server runs as this process's child, so that npm start stops as one thing: SIGTERM and
// SIGINT are passed on to it, and this process exits when it does, with its code. When npm
// itself is killed, npm does not pass the signal on to its script's children (the `sh -c` between
// them dies, and they are reparented to PID 1), and a server left running would go on holding
// the port and DATA_DIR; so this process stops the server when its own parent is gone, and the
// server stops when this process is gone (server/process/stop-with-launcher.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildReason } from './build-if-needed.mjs';
import { buildKeepingProgramme } from './served-programme.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reason = await buildReason(root);
if (reason) {
  process.stdout.write(`Building (${reason})…\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { built, notice } = await buildKeepingProgramme(root, async () => spawnSync(npm, ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' }).status === 0);
  if (notice) process.stderr.write(`\n${notice}\n\n`);
  if (!built) process.exit(1);
} else {
  process.stdout.write('dist/ is up to date with the sources: serving it as it is (dist/config.json included).\n');
}
const server = spawn(process.execPath, [fileURLToPath(new URL('../server/serve.mjs', import.meta.url))], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
  process.on(signal, () => {
    server.kill(signal);
  });
}
// Run by npm (npm start), whose death would leave the server to PID 1: watched every second (Node
// has no signal for a parent's death). Run by hand, with nohup, the launcher's parent may go.
const parent = process.ppid;
const parentWatch = process.env.npm_lifecycle_event
  ? setInterval(() => {
      if (process.ppid !== parent) server.kill('SIGTERM');
    }, 1000)
  : null;
parentWatch?.unref();
server.on('error', (error) => {
  process.stderr.write(`The server could not be started: ${error.message}\n`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (parentWatch) clearInterval(parentWatch);
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
});
