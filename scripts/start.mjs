// `npm start`: the one command for a fresh clone. Builds when dist/ is missing or older than its
// sources (scripts/build-if-needed.mjs), then runs the server (server/serve.mjs), which is also
// `npm run serve` for a production start that never builds.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildReason, keepEditedConfig } from './build-if-needed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reason = await buildReason(root);
if (reason) {
  const kept = await keepEditedConfig(root);
  if (kept) {
    process.stderr.write(
      `\nWARNING: dist/config.json had edits of its own, and the build replaces it with public/config.json.\n` +
        `         The edited file is kept as ${kept}: copy it to public/config.json to keep the edit in every build.\n\n`,
    );
  }
  process.stdout.write(`Building (${reason})…\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  process.stdout.write('dist/ is up to date with the sources: serving it as it is (dist/config.json included).\n');
}
await import('../server/serve.mjs');
