// What `npm start` does with the programme being served when it must build. The build copies
// public/config.json over dist/config.json; a deployer who edited dist/config.json on the server
// (as README's "Configuring a programme" says they may) and then pulled new sources expects the
// programme creators are shown to stay, not the default programme to come back. So:
// - dist/config.json is the build's own copy (its digest is the one index.html was drawn from):
//   nothing to keep; the build ships public/config.json, changed or not.
// - dist/config.json has edits of its own and public/config.json is still the one the last build
//   used: the edit is put back after the build (the server names it in every page it serves, and
//   refuses to start, naming the findings, if the new build cannot read it).
// - both changed since the last build: public/config.json is the newer decision about what every
//   build ships, so the build serves it; the edited file is kept beside the project, and the start
//   says so in capitals.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { programmeDigest } from '../server/programme/programme-digest.mjs';

/** @param {string} path */
function textOf(path) {
  return readFile(path, 'utf8').catch(() => null);
}

/**
 * Runs `build` keeping the programme being served, as above.
 * @param {string} root the project folder
 * @param {() => Promise<boolean>} build makes dist/ from the sources (true when it succeeded)
 * @param {Date} [now] names the kept copy
 * @returns {Promise<{ built: boolean, notice: string | null }>} notice: what the deployer must be told
 */
export async function buildKeepingProgramme(root, build, now = new Date()) {
  const served = join(root, 'dist', 'config.json');
  const edited = await textOf(served);
  const source = await textOf(join(root, 'public', 'config.json'));
  const html = (await textOf(join(root, 'dist', 'index.html'))) ?? '';
  // The digest of the config.json the last build drew Welcome from (scripts/prerender-welcome.ts).
  const builtFrom = /data-prerendered-config="([0-9a-f]+)"/.exec(html)?.[1] ?? null;
  const hasOwnEdits = edited !== null && edited !== source && programmeDigest(edited) !== builtFrom;
  if (!hasOwnEdits) return { built: await build(), notice: null };

  const sourceUnchanged = builtFrom !== null && source !== null && programmeDigest(source) === builtFrom;
  if (sourceUnchanged) {
    const built = await build();
    // A failed build may have left dist/ half made: the edit goes back whatever happened.
    await writeFile(served, edited);
    return {
      built,
      notice:
        "dist/config.json has edits of its own: they are kept over the build's copy of public/config.json, so the programme being served stays.\n" +
        'To ship the edit with every build (and have Welcome drawn from it at build time), copy dist/config.json to public/config.json.',
    };
  }
  const kept = join(root, `config.edited-${now.toISOString().replace(/[:.]/g, '-')}.json`);
  await copyFile(served, kept);
  return {
    built: await build(),
    notice:
      `WARNING: dist/config.json had edits of its own, but public/config.json changed since the last build too, so the build serves public/config.json.\n` +
      `         The edited file is kept as ${kept}: copy it to dist/config.json to serve it again, or to public/config.json to ship it with every build.`,
  };
}
