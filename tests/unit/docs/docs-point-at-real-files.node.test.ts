// @vitest-environment node
// The README and docs/ send a reader from a rule to its code in one hop; this keeps every hop real
// as files move: each repository path they name exists, and each link reaches a file and heading.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), '../../..'));
const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Paths in backticks that name a file or folder of this repository, such as `src/outbox/outbox.ts`. */
function namedPaths(text: string): string[] {
  const paths = [...text.matchAll(/`((?:src|sw|server|scripts|tests|public|docs)\/[^`\s*…]+)`/g)].map((match) => match[1]!);
  // `server/build/` is written by the build; `tests/…/report.md` and the like exist, globs do not.
  return paths.filter((path) => !path.startsWith('server/build/') && !/[{}]/.test(path));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));
}

describe('README.md and docs/', () => {
  it.each(DOCUMENTS)('%s names only files that exist', (document) => {
    const text = readFileSync(join(ROOT, document), 'utf8');
    const missing = namedPaths(text).filter((path) => !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  it.each(DOCUMENTS)('%s links only to files and headings that exist', (document) => {
    const text = readFileSync(join(ROOT, document), 'utf8');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const linked = file === '' ? document : normalize(join(dirname(document), file));
      if (!existsSync(join(ROOT, linked))) broken.push(target!);
      else if (anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) broken.push(target!);
    }
    expect(broken).toEqual([]);
  });

  it('the slug of a heading is the anchor GitHub gives it', () => {
    expect(slug('7. The creator’s data on the device')).toBe('7-the-creators-data-on-the-device');
    expect(slug('8. Offline, updates and deployments')).toBe('8-offline-updates-and-deployments');
  });
});
