// @vitest-environment node
// `npm ci --omit=dev && npm run serve` must run: everything the server imports at run time is a
// production dependency (or Node's own, or the bundle `npm run build` makes with its dependencies
// inside), never a dev dependency that a production install leaves out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
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
    for (const file of [...serverFiles(join(ROOT, 'server')), join(ROOT, 'scripts/start.mjs'), join(ROOT, 'scripts/build-if-needed.mjs'), join(ROOT, 'scripts/served-programme.mjs')]) {
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
