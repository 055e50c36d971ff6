// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = new URL('../../../scripts/check-config.mjs', import.meta.url).pathname;

async function check(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run check-config', () => {
  it('checks public/config.json by default, and exits non-zero with every problem of a broken file', async () => {
    expect(await check()).toEqual({ code: 0, output: 'public/config.json: valid\n' });
    const dir = await mkdtemp(join(tmpdir(), 'check-config-'));
    const file = join(dir, 'config.json');
    const config = JSON.parse(await readFile('public/config.json', 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...config, steps: 'four', titel: 'x', newerSetting: true }));
    const broken = await check(file);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('error   steps: expected an array, got a string');
    expect(broken.output).toContain('error   titel: unknown key; did you mean "title"?');
    expect(broken.output).toContain('error   newerSetting: unknown key: this build has no such setting');
  }, 30_000);

  it('exits 1 on what the app opens with but cannot work (docs/deploying.md), and 0 on a far unknown key inside the file unless --strict', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'check-config-'));
    const config = JSON.parse(await readFile('public/config.json', 'utf8')) as Record<string, unknown>;
    const { requestUrl, ...rest } = config;
    const typo = join(dir, 'typo.json');
    await writeFile(typo, JSON.stringify({ ...rest, requestUrll: requestUrl }));
    expect(await check(typo)).toEqual({
      code: 1,
      output: `error   requestUrll: unknown key; did you mean "requestUrl"? (the app would leave it out, and the setting with it)\n${typo}: 1 error, 0 warnings\n`,
    });
    const newer = join(dir, 'newer.json');
    await writeFile(newer, JSON.stringify({ ...config, logo: { ...(config.logo as object), newerSetting: true } }));
    expect(await check(newer)).toEqual({
      code: 0,
      output: `warning logo.newerSetting: unknown key, left out (a typo, or a setting of a newer version)\n${newer}: valid with 1 warning\n`,
    });
    const missing = join(dir, 'missing.json');
    await writeFile(missing, JSON.stringify(rest));
    expect((await check(missing)).code).toBe(1);
    expect((await check(newer, '--strict')).code).toBe(1);
  }, 30_000);
});
