// `npm start`: the one command for a fresh clone. Builds when dist/ is missing or older than its
// sources (scripts/build-if-needed.mjs), keeping the programme being served over the build's copy
// of public/config.json (scripts/served-programme.mjs), then runs the server (server/serve.mjs),
// which is also `npm run serve` for a production start that never builds.
import { spawnSync } from 'node:child_process';
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
await import('../server/serve.mjs');
