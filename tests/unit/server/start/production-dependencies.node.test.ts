// @vitest-environment node
// `npm ci --omit=dev && npm run serve` must run: everything the server imports at run time is a
// production dependency (or Node's own, or the bundle `npm run build` makes with its dependencies
// inside), never a dev dependency that a production install leaves out. The same holds for
// `npm run check-config`, which every live WARNING tells the deployer to run on that install.
import { execFile as execFileCallback } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

function serverFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'build' ? [] : serverFiles(path);
    return path.endsWith('.mjs') ? [path] : [];
  });
}

function packageOf(specifier: string): string {
  return specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);
}

describe('the production server', () => {
  it('imports only Node, its own files and production dependencies', () => {
    const strays: string[] = [];
    const scripts = ['start.mjs', 'build-if-needed.mjs', 'served-programme.mjs', 'check-config.mjs', 'load-checker.mjs'].map((name) =>
      join(ROOT, 'scripts', name),
    );
    for (const file of [...serverFiles(join(ROOT, 'server')), ...scripts]) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
        const specifier = match[1] ?? match[2] ?? '';
        if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
        if (!(packageOf(specifier) in packageJson.dependencies)) strays.push(`${relative(ROOT, file)}: ${specifier}`);
      }
    }
    expect(strays).toEqual([]);
  });
});

/** The programme with one change, as a file in `folder`. */
async function configFile(folder: string, name: string, change: (config: Record<string, unknown>) => void): Promise<string> {
  const config = JSON.parse(readFileSync(join(ROOT, 'public/config.json'), 'utf8')) as Record<string, unknown>;
  change(config);
  const path = join(folder, name);
  await writeFile(path, JSON.stringify(config, null, 2));
  return path;
}

/** `npm run check-config -- file` in `project`: its exit code and what it printed. */
async function check(project: string, file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await execFile(process.execPath, ['scripts/check-config.mjs', file], { cwd: project });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// A project as a production install has it: the scripts, and server/build/ made by `npm run build`
// elsewhere, but no src/ it could run and not one package (none of the checker's is needed):
// nothing of node_modules can be found from a folder under the system's temporary directory.
describe('npm run check-config on a production install', () => {
  let project = '';
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'production-checker-'));
    await writeFile(join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    for (const name of ['check-config.mjs', 'load-checker.mjs', 'build-if-needed.mjs', 'load-source.mjs'])
      await cp(join(ROOT, 'scripts', name), join(project, 'scripts', name));
  });
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('says what to do when the build is missing, rather than failing on a missing Vite', async () => {
    const good = await configFile(project, 'good.json', () => undefined);
    const { code, output } = await check(project, good);
    expect(code).toBe(2);
    expect(output).toContain('server/build/config-check.mjs is missing, and this install has no Vite to read src/ with: run `npm run build`');
    expect(output).not.toContain('ERR_MODULE_NOT_FOUND');
  });

  it('runs from the build, with no package installed, and refuses a programme sending nowhere', async () => {
    await execFile(
      process.execPath,
      [
        join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'vite.server.config.ts',
        '--outDir',
        join(project, 'server/build'),
        '--logLevel',
        'error',
      ],
      { cwd: ROOT },
    );
    expect(await readdir(join(project, 'server/build'))).toContain('config-check.mjs');
    await expect(execFile(process.execPath, ['-e', 'import("zod")'], { cwd: project })).rejects.toThrow(/Cannot find package 'zod'/);

    const good = await configFile(project, 'good.json', () => undefined);
    expect(await check(project, good)).toEqual({ code: 0, output: `${good}: valid\n` });

    const renamed = await configFile(project, 'renamed.json', (config) => {
      config.submitUrl = config.requestUrl;
      delete config.requestUrl;
    });
    expect(await check(project, renamed)).toEqual({
      code: 1,
      output: `error   submitUrl: unknown key; did you mean "requestUrl"? (the app would leave it out, and the setting with it)\n${renamed}: 1 error, 0 warnings\n`,
    });

    const deleted = await configFile(project, 'deleted.json', (config) => {
      delete config.requestUrl;
    });
    const result = await check(project, deleted);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^error {3}requestUrl: missing: the page would send applications nowhere/);
  }, 60_000);
});
