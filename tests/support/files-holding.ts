import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every file under `folder` whose bytes hold `text` (UTF-8), as paths relative to it: how the
 * tests prove that a typed value is in no file a store wrote (erasure, drafts at rest).
 */
export async function filesHolding(folder: string, text: string): Promise<string[]> {
  const needle = Buffer.from(text, 'utf8');
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && (await readFile(path)).includes(needle)) found.push(path.slice(folder.length + 1));
    }
  };
  await walk(folder);
  return found;
}
