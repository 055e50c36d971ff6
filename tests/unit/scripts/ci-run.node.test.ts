// @vitest-environment node
// .ci/run is CI: the tests that must fail rather than skip there (nginx, PostgreSQL missing) know
// it by CI, so the script sets it before any test runs; and no other code gives CI a meaning the
// script's comment does not state.
import { execFile as execFileCallback } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const execFile = promisify(execFileCallback);
const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), '../../..'));
const RUN = readFileSync(join(ROOT, '.ci/run'), 'utf8');

describe('.ci/run', () => {
  it('exports CI before it runs any test', () => {
    const exported = RUN.search(/^export CI=1$/m);
    expect(exported).toBeGreaterThan(-1);
    expect(exported).toBeLessThan(RUN.search(/^npm test$/m));
    expect(exported).toBeLessThan(RUN.search(/^npm run test:engines$/m));
  });

  it('is the only place CI changes what the tests do besides the ones its comment names', async () => {
    // git grep: tracked files only, so node_modules and build outputs are left out.
    const { stdout } = await execFile(
      'git',
      ['grep', '-l', 'process.env.CI\\b', '--', 'tests', 'scripts', 'server', 'src', 'sw', '*.config.ts', '*.config.js'],
      { cwd: ROOT },
    );
    const readers = stdout
      .trim()
      .split('\n')
      .filter((path) => path !== 'tests/unit/scripts/ci-run.node.test.ts');
    expect(readers.sort()).toEqual(['playwright.config.ts', 'tests/e2e/behind-nginx.spec.ts', 'tests/support/local-postgres.mjs']);
    for (const reader of readers) expect(RUN).toContain(reader);
  });
});
