// @vitest-environment node
// docs/architecture.md tables the layers of src/ and the rooms of server/ for a reader: each folder,
// what it holds and what it may import. LAYERS and SERVER_LAYERS in eslint.config.js are what lint
// enforces; this keeps the two saying the same, and every folder of src/ that holds code in a layer
// (a folder outside LAYERS gets no import rule).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYERS, SERVER_LAYERS } from '../../../eslint.config.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The table's rows: `<side>/<folder>/` | holds | the folders it may import, in backticks, or "nothing". */
function documentedLayers(side: 'src' | 'server' = 'src'): Array<[string, string[]]> {
  const text = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  return [...text.matchAll(new RegExp(`^\\| \`${side}/([^\`]+)/\` \\| [^|]+ \\| ([^|]+) \\|$`, 'gm'))].map(([, folder, imports]) => [
    folder!,
    imports!.trim() === 'nothing' ? [] : [...imports!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
  ]);
}

/** Whether a folder holds TypeScript, at any depth. */
function holdsCode(folder: string): boolean {
  return readdirSync(folder, { withFileTypes: true, recursive: true }).some((entry) => entry.isFile() && /\.tsx?$/.test(entry.name));
}

describe('docs/architecture.md', () => {
  it('lists the layers of LAYERS in its order, each with the imports LAYERS allows it', () => {
    expect(documentedLayers()).toEqual(Object.entries(LAYERS));
  });

  it('lists the rooms of SERVER_LAYERS in its order, each with the rooms SERVER_LAYERS allows it', () => {
    expect(documentedLayers('server')).toEqual(Object.entries(SERVER_LAYERS));
  });

  it('every folder of src/ that holds code is a layer of LAYERS', () => {
    const layered = new Set(Object.keys(LAYERS).map((layer) => layer.split('/')[0]));
    const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true }).filter((entry) => entry.isDirectory() && holdsCode(join(ROOT, 'src', entry.name)));
    expect(folders.map((entry) => entry.name).filter((name) => !layered.has(name))).toEqual([]);
  });
});
