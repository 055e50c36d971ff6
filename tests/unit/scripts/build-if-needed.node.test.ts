// @vitest-environment node
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReason } from '../../../scripts/build-if-needed.mjs';

let root: string;
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, seconds));

async function file(path: string, text: string, seconds: number) {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
  await utimes(join(root, path), at(seconds), at(seconds));
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'build-if-needed-'));
  await file('src/main.tsx', 'app', 10);
  await file('public/config.json', '{"title":"Hartwell"}', 10);
  await file('index.html', '<!doctype html>', 10);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm start builds only when it must', () => {
  it('builds a fresh clone, which has no dist/', async () => {
    expect(await buildReason(root)).toBe('dist/index.html is missing');
  });

  it('serves a build newer than every source as it is, an edited dist/config.json included', async () => {
    await file('dist/index.html', 'built', 20);
    await file('server/build/receiver-rules.mjs', 'rules', 20);
    await file('server/build/config-check.mjs', 'checker', 20);
    await file('dist/config.json', '{"title":"Edited on the server"}', 30);
    expect(await buildReason(root)).toBeNull();
  });

  it('builds again when a source changed after the build, however deep', async () => {
    await file('dist/index.html', 'built', 20);
    await file('server/build/receiver-rules.mjs', 'rules', 20);
    await file('server/build/config-check.mjs', 'checker', 20);
    await file('src/app/deep/step.tsx', 'changed', 25);
    expect(await buildReason(root)).toBe('src changed since the last build');
    await file('server/build/receiver-rules.mjs', 'rules', 5);
    expect(await buildReason(root)).toBe('src changed since the last build');
  });
});
