// @vitest-environment node
// LAYERS and SERVER_LAYERS (eslint.config.js) are the architecture written as data: lint refuses an
// import they do not allow. An allowance no file makes use of says two folders depend on each other
// when they do not, and lets the next import in without a thought; this finds any, by reading the
// imports of src/ and of server/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYERS, SERVER_LAYERS } from '../../../eslint.config.js';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));
const SERVER = fileURLToPath(new URL('../../../server/', import.meta.url));

/** Every source file under a root (TypeScript, or the server's .mjs), by its path relative to the root; not in dot folders nor server/build/. */
function sourceFiles(root = SRC, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') || path === join(SERVER, 'build') ? [] : sourceFiles(root, path);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** A module's text without its comments, so a JSDoc type's `import('…')` is not read as an import. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The relative modules a source names: static imports and re-exports, side-effect imports, dynamic imports. */
function importedSpecifiers(text: string): string[] {
  const patterns = [/\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!)).filter((specifier) => specifier.startsWith('.'));
}

/** The layer of `layers` a path belongs to: the longest key it sits in, such as `application/rules`. */
function layerOf(path: string, layers: Record<string, string[]> = LAYERS): string | undefined {
  return Object.keys(layers)
    .filter((layer) => path.startsWith(`${layer}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** For each layer, the paths under the root its files import from other layers. */
function crossings(root = SRC, layers: Record<string, string[]> = LAYERS): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = layerOf(file, layers);
    if (from === undefined) continue;
    for (const specifier of importedSpecifiers(withoutComments(readFileSync(join(root, file), 'utf8')))) {
      const target = normalize(join(dirname(file), specifier.replace(/\?.*$/, '')));
      if (target.startsWith('..') || layerOf(target, layers) === from) continue;
      found.set(from, (found.get(from) ?? new Set()).add(target));
    }
  }
  return found;
}

describe('LAYERS in eslint.config.js', () => {
  const imports = crossings();

  it("reads the imports src/ makes (the configuration checker reads the wizard's rules)", () => {
    expect([...(imports.get('config') ?? [])]).toContain('wizard/wizard-machine');
    expect(importedSpecifiers("import type { A } from './a';\nexport { b } from '../b';\nimport './c.css';\nconst d = await import('../d/e');")).toEqual([
      './a',
      '../b',
      './c.css',
      '../d/e',
    ]);
  });

  it('allows no import that no file makes', () => {
    const unused = Object.entries(LAYERS).flatMap(([layer, allowed]) =>
      allowed.filter((target) => ![...(imports.get(layer) ?? [])].some((path) => path.startsWith(`${target}/`))).map((target) => `${layer} → ${target}`),
    );
    expect(unused).toEqual([]);
  });
});

describe('SERVER_LAYERS in eslint.config.js', () => {
  const imports = crossings(SERVER, SERVER_LAYERS);

  it('reads the imports server/ makes, not the types its JSDoc names (the receiver uses the toolkit)', () => {
    expect([...(imports.get('applications') ?? [])]).toContain('http/respond.mjs');
    expect(withoutComments("/** @param {import('../a/b.mjs').C} c */\n// import('../d/e.mjs')\nimport { f } from '../g/h.mjs';")).not.toContain('../a/b.mjs');
  });

  it('allows no import that no file makes', () => {
    const unused = Object.entries(SERVER_LAYERS).flatMap(([room, allowed]) =>
      allowed.filter((target) => ![...(imports.get(room) ?? [])].some((path) => path.startsWith(`${target}/`))).map((target) => `${room} → ${target}`),
    );
    expect(unused).toEqual([]);
  });

  it('has a line for every room of server/ that holds code (a room outside it gets no import rule)', () => {
    const rooms = new Set(
      sourceFiles(SERVER)
        .filter((file) => file.includes('/'))
        .map((file) => file.split('/')[0]!),
    );
    expect([...rooms].filter((room) => !(room in SERVER_LAYERS))).toEqual([]);
  });
});
