// config.json read as a programme: its rules, its title and digest, or the problems that make it
// none; and whether a start on it may go on (programme-source.mjs applies it once the store is open).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inDefaultLanguage } from './manifest-fields.mjs';
import { programmeDigest } from './programme-digest.mjs';
import { parseJson } from '../http/parse-json.mjs';

/**
 * @typedef {import('../../src/config/receiver-rules.ts').ReceiverRules} ReceiverRules
 * @typedef {import('./programme-source.mjs').Programme} Programme
 */

/**
 * The programme config.json's text makes, or why it makes none.
 * @param {string} text
 * @param {(config: unknown) => ReceiverRules} rulesFor
 * @returns {{ ok: true, programme: Programme } | { ok: false, problems: string }}
 */
export function programmeOf(text, rulesFor) {
  let config;
  try {
    config = parseJson(text);
  } catch (error) {
    return { ok: false, problems: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const rules = rulesFor(config);
  if (!rules.ok) return { ok: false, problems: rules.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ') };
  const { programmeTitle, title } = /** @type {{ programmeTitle?: unknown, title?: unknown }} */ (config);
  const inDefault = (/** @type {unknown} */ value) => inDefaultLanguage({ lang: rules.language }, value);
  return { ok: true, programme: { digest: programmeDigest(text), title: inDefault(programmeTitle) ?? inDefault(title) ?? '', text, rules } };
}

/**
 * Why a start on root/config.json cannot go on: the file is not a valid programme and there is no
 * last valid one to start on. Made without opening the store when the embedded store's folder is
 * empty or absent (a first start ever): creating a database only to find nothing in it would cost
 * a first start's memory and time for a refusal. Null when the start may go on (the programme
 * source then decides, with the store open).
 * @param {{ root: string, rulesFor: (config: unknown) => ReceiverRules, dataDir: string | null }} options
 *   dataDir: the embedded store's folder, null on PostgreSQL (whose database must be asked)
 * @returns {Promise<Error | null>}
 */
export async function refusalBeforeStart({ root, rulesFor, dataDir }) {
  const file = join(root, 'config.json');
  const read = programmeOf(await readFile(file, 'utf8'), rulesFor);
  if (read.ok || dataDir === null) return null;
  /** @type {string[]} */
  let entries = [];
  try {
    entries = await readdir(dataDir);
  } catch {
    // No folder: nothing was ever stored.
  }
  // The lock's file (receiver.json) says nothing of what is stored.
  if (entries.some((name) => !name.startsWith('receiver.'))) return null;
  return invalidProgrammeError(file, read.problems);
}

/**
 * The refusal of a start on an invalid config.json with no valid programme recorded before it.
 * @param {string} file
 * @param {string} problems
 */
export function invalidProgrammeError(file, problems) {
  return new Error(
    `config.json is invalid: ${problems} (${file}; \`npm run -s check-config -- ${file}\` lists every problem; no valid programme was applied before, so there is none to start on)`,
  );
}
