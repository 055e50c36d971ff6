// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The service worker judges no configuration: the page parses config.json and keeps the last
// good copy (src/boot/kept-config.ts). The schema (zod and the programme's rules) was a quarter of
// sw.js; this follows sw/sw.ts's imports, as the bundler does, so that no module brings it back.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The modules a file imports for their values (type-only imports are erased by the build). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        const onlyTypes =
          clause?.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (clause !== undefined && !clause.name && named !== undefined && named.length > 0 && named.every((element) => element.isTypeOnly));
        if (onlyTypes) continue;
      } else if (statement.isTypeOnly) continue;
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** A relative import resolved to its file, or null for a package. */
function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.js`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && !candidate.endsWith('/'));
  if (!found) throw new Error(`${relative(ROOT, from)} imports ${specifier}, which is not found`);
  return found;
}

/** Every module sw/sw.ts reaches, and the packages they import. */
function workerGraph(): { modules: string[]; packages: string[] } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [join(ROOT, 'sw/sw.ts')];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of valueImports(file)) {
      const local = resolveLocal(file, specifier);
      if (local) queue.push(local);
      else packages.add(specifier);
    }
  }
  return { modules: [...seen].map((file) => relative(ROOT, file)).sort(), packages: [...packages].sort() };
}

describe('the service worker’s imports', () => {
  const graph = workerGraph();

  it('reach the worker’s own modules (the walk itself works)', () => {
    expect(graph.modules).toEqual(
      expect.arrayContaining(['sw/sw.ts', 'sw/feature-chunks.ts', 'src/config/last-good-config.ts', 'src/outbox/replay-outbox.ts']),
    );
    expect(graph.packages).toEqual(expect.arrayContaining(['workbox-precaching', 'tus-js-client']));
  });

  it('bring in no schema: no zod, no configuration parsing, no form rules', () => {
    expect(graph.packages.filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    const schemaModules = graph.modules.filter((file) => /(parse-config|config-schema|form-config-schema)\.ts$|-schemas?\.ts$/.test(file));
    expect(schemaModules).toEqual([]);
  });
});
