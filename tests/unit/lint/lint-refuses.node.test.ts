// @vitest-environment node
// `npm run lint` is where the architecture is enforced: these run the repository's own ESLint
// configuration on small files and show it refuses a server room importing a room above it, a
// source file of 301 lines, and two files that import each other. Type-aware rules are switched off
// (the fixtures are in no tsconfig); the rules shown here read no types.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The repository's configuration, as `npm run lint` loads it, without the rules that need a type checker. */
function repositoryLint(): ESLint {
  return new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });
}

/** The rules a text breaks, as if it were the file at `filePath` (relative to the repository). */
async function rulesBroken(text: string, filePath: string): Promise<Array<string | null>> {
  const [result] = await repositoryLint().lintText(text, { filePath: join(ROOT, filePath) });
  return result!.messages.map((message) => message.ruleId);
}

/** `count` lines of distinct declarations. */
function linesOfCode(count: number): string {
  return Array.from({ length: count }, (_, index) => `export const value${String(index)} = ${String(index)};`).join('\n') + '\n';
}

describe('npm run lint', () => {
  it('refuses a server room importing a room above it, and lets it import one below', async () => {
    const upward = "import { createReceiver } from '../applications/receiver.mjs';\nexport const receiver = createReceiver;\n";
    expect(await rulesBroken(upward, 'server/limits/lint-fixture.mjs')).toContain('no-restricted-imports');
    const downward = "import { refusal } from '../http/respond.mjs';\nexport const refused = refusal;\n";
    expect(await rulesBroken(downward, 'server/limits/lint-fixture.mjs')).not.toContain('no-restricted-imports');
  });

  it('refuses a room importing the start that composes it', async () => {
    const start = "import { startServer } from '../start-server.mjs';\nexport const start = startServer;\n";
    expect(await rulesBroken(start, 'server/uploads/lint-fixture.mjs')).toContain('no-restricted-imports');
  });

  it('refuses a source file of 301 lines, and takes one of 300', async () => {
    for (const path of ['server/store/lint-fixture.mjs', 'src/config/lint-fixture.ts', 'scripts/lint-fixture.mjs']) {
      expect(await rulesBroken(linesOfCode(301), path)).toContain('max-lines');
      expect(await rulesBroken(linesOfCode(300), path)).not.toContain('max-lines');
    }
  });

  it('refuses two files that import each other', async () => {
    // The rule follows imports on disk, so the pair is written (a dot folder: no room, no layer).
    const folder = await mkdtemp(join(ROOT, 'server', '.lint-circle-'));
    try {
      await writeFile(join(folder, 'first.mjs'), "import { second } from './second.mjs';\nexport const first = () => second;\n");
      await writeFile(join(folder, 'second.mjs'), "import { first } from './first.mjs';\nexport const second = () => first;\n");
      await writeFile(join(folder, 'alone.mjs'), "import { first } from './first.mjs';\nexport const alone = () => first;\n");
      const [circle, alone] = await repositoryLint().lintFiles([join(folder, 'first.mjs'), join(folder, 'alone.mjs')]);
      expect(circle!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
      expect(alone!.messages.map((message) => message.ruleId)).not.toContain('import-x/no-cycle');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
