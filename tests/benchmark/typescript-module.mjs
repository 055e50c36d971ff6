// The benchmark is plain JavaScript (Node 20 cannot import TypeScript), yet some of the end-to-end
// suite's helpers are TypeScript. Rather than keep a second copy of one, it is transpiled with the
// project's own TypeScript (types dropped, nothing else changed) into a temporary module and
// imported from there: the benchmark runs the very code the end-to-end tests run.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * Imports a TypeScript module that imports nothing relative (a self-contained helper).
 * @param {string} path the .ts file
 * @returns {Promise<unknown>}
 */
export async function importTypeScript(path) {
  const source = await readFile(path, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: path,
  });
  const folder = await mkdtemp(join(tmpdir(), 'bench-ts-'));
  const file = join(folder, 'module.mjs');
  await writeFile(file, outputText);
  return /** @type {unknown} */ (await import(pathToFileURL(file).href));
}
