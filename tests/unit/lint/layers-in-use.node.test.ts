// @vitest-environment node
// LAYERS (eslint.config.js) is the architecture written as data: lint refuses an import it does not
// allow. An allowance no file makes use of says two folders depend on each other when they do not,
// and lets the next import in without a thought; this finds any, by reading src/'s imports.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../../../eslint.config.js';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

/** Every TypeScript file under src/, by its path relative to src/. */
function sourceFiles(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

/** The relative modules a source names: static imports and re-exports, side-effect imports, dynamic imports. */
function importedSpecifiers(text: string): string[] {
  const patterns = [/\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!)).filter((specifier) => specifier.startsWith('.'));
}

/** The layer of LAYERS a path under src/ belongs to: the longest key it sits in, such as `application/rules`. */
function layerOf(path: string): string | undefined {
  return Object.keys(LAYERS)
    .filter((layer) => path.startsWith(`${layer}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** For each layer, the paths under src/ its files import from other layers. */
function crossings(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const from = layerOf(file);
    if (from === undefined) continue;
    for (const specifier of importedSpecifiers(readFileSync(join(SRC, file), 'utf8'))) {
      const target = normalize(join(dirname(file), specifier.replace(/\?.*$/, '')));
      if (target.startsWith('..') || layerOf(target) === from) continue;
      found.set(from, (found.get(from) ?? new Set()).add(target));
    }
  }
  return found;
}

describe('LAYERS in eslint.config.js', () => {
  const imports = crossings();

  it('reads the imports src/ makes (the configuration checker reads the wizard\'s rules)', () => {
    expect([...(imports.get('config') ?? [])]).toContain('wizard/wizard-machine');
    expect(importedSpecifiers("import type { A } from './a';\nexport { b } from '../b';\nimport './c.css';\nconst d = await import('../d/e');")).toEqual(['./a', '../b', './c.css', '../d/e']);
  });

  it('allows no import that no file makes', () => {
    const unused = Object.entries(LAYERS).flatMap(([layer, allowed]) =>
      allowed.filter((target) => ![...(imports.get(layer) ?? [])].some((path) => path.startsWith(`${target}/`))).map((target) => `${layer} → ${target}`),
    );
    expect(unused).toEqual([]);
  });
});
