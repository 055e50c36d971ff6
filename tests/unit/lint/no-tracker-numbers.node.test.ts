// @vitest-environment node
// A comment or a test's title says why in words (CONTRIBUTING.md): an issue's number, with or
// without a finding's, tells a reader nothing without the tracker, which a clone, a fork or a later
// reader may not have; and the document such comments once pointed to for the files of
// applications was never written.
// This reads the source, tests, scripts and docs and names each file and line that cites one.
// The patterns and examples below are assembled from parts, so this file does not cite what it refuses.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FOLDERS = ['src', 'server', 'sw', 'scripts', 'tests', '.ci', 'docs'];
/** Written by a build or a test run, or installed: not the project's words. */
const SKIPPED = new Set(['node_modules', 'server/build', 'dist', 'test-results', 'playwright-report']);
const TEXT = /\.(?:[cm]?[jt]sx?|css|html|md|sh|conf|service)$/;

const HASH = '#';
const MISSING_DOCUMENT = ['FILES', 'CONTRACT'].join('-');
/** What a citation of the tracker or of that document looks like. */
const CITATIONS: readonly RegExp[] = [
  // The word "issue", then a number, with or without a hash sign and a finding after it.
  new RegExp(String.raw`\bissues?\s*${HASH}?\s*\d+`, 'i'),
  // A hash sign and a number opening a parenthesis; a link to a heading of the same page is not one.
  new RegExp(String.raw`\(${HASH}\d+(?![\w-])`),
  // A bare "#42" or "#7:" standing alone; a colour ('#000', `#369`), "UAX #9" and a heading's
  // anchor (product-rules.md#10-configuration) are not: a colour has three digits or more, an
  // anchor follows a word or goes on with a hyphen.
  new RegExp(String.raw`(?<![\w&${HASH}/'"\x60]|UAX )${HASH}(?:\d{1,2}(?![\w-])|\d+(?=:))`),
  new RegExp(MISSING_DOCUMENT),
];

/** Every text file of the project under `folder`, by its path relative to the root. */
function projectFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (SKIPPED.has(entry.name) || SKIPPED.has(path)) return [];
    if (entry.isDirectory()) return projectFiles(path);
    return TEXT.test(entry.name) || folder === '.ci' ? [path] : [];
  });
}

function rootFiles(): string[] {
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => entry.name);
}

/** The lines of `text` that cite the tracker or the missing document, as "line: text". */
function citingLines(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (CITATIONS.some((pattern) => pattern.test(line)) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe('comments and test titles say why in words', () => {
  it('finds a citation of the tracker or of the missing document, and leaves colours and anchors alone', () => {
    const issue = 42;
    const cited = [
      `// Issue ${HASH}40, finding 5: an address stored in NFD`,
      `// refused when it cannot be the receiver's (issue ${HASH}41, 6): a misspelt DATA_DIR`,
      `describe('a CLI that cannot mislead (issue ${HASH}41, 6, 8, 9)', () => {`,
      `/** The rows of files (${HASH}${issue}): the upload with a cut */`,
      `// #${issue}: the uploads their application_files rows name) after them.`,
      `  * ${HASH}${issue} made the field lazy`,
      `// prefix beside the applications' path (${MISSING_DOCUMENT}.md, "Uploads"):`,
    ];
    const notCited = [
      `<path d={path} fill="${HASH}000" />`,
      `background: '${HASH}369' }`,
      `  color: ${HASH}333;`,
      `/** Every bidirectional control Unicode defines (UAX ${HASH}9): embeddings, overrides. */`,
      `| what a configuration may say | [§10](product-rules.md${HASH}10-configuration) |`,
      `see [the rules](${HASH}10-configuration)`,
      `  Never cite a ticket ("issue N", "see the tracker"): a reader may not have it.`,
      `const entity = '&${HASH}39;';`,
    ];
    expect(cited.filter((line) => citingLines(line).length === 0)).toEqual([]);
    expect(notCited.flatMap(citingLines)).toEqual([]);
  });

  it('no source, test, script or document cites the tracker by number, or the missing document', () => {
    const files = [...FOLDERS.flatMap((folder) => projectFiles(folder)), ...rootFiles()];
    expect(files).toContain('src/config/file-findings.ts');
    expect(files).toContain('server/store/schema.mjs');
    expect(files).toContain('docs/receiver.md');
    expect(files).toContain('.ci/run');
    expect(files).not.toContain('server/build/index.html');
    const found = files.flatMap((file) => citingLines(readFileSync(join(ROOT, file), 'utf8')).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });
});
