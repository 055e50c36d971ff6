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
    await writeFile(file, JSON.stringify({ ...config, steps: 'four', titel: 'x' }));
    const broken = await check(file);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('error   steps: expected an array, got a string');
    expect(broken.output).toContain('warning titel: unknown key');
  }, 30_000);
});
