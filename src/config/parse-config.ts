import type * as z from 'zod/mini';
import { configSchema, type WizardConfig } from './config-schema';
import { describeConfigIssue, type ConfigProblem } from './describe-config-issue';
import { inLanguage } from './translated-config';

/**
 * Reads `config.json` the one way both the app and `npm run check-config` read it.
 *
 * Unknown keys are tolerated: a deployment whose configuration adds a key this build does not
 * know yet (a newer app's setting) must not lock the creators of an older, installed copy out
 * of their drafts. The keys are left out, listed in `unknownKeys`, and reported: by the checker
 * as warnings, at run time to error reporting when one is configured. Anything else that does
 * not match (a wrong type, a block or field this build cannot draw) is an error.
 */
export type ConfigResult =
  { ok: true; config: WizardConfig; unknownKeys: ConfigProblem[] } | { ok: false; problems: ConfigProblem[]; unknownKeys: ConfigProblem[] };

type Issue = z.core.$ZodIssue;
type Path = ReadonlyArray<PropertyKey>;

/** The message of every entry of `unknownKeys`, each named by the key's own path. */
export const UNKNOWN_KEY = 'unknown key, left out (a typo, or a setting of a newer version)';

// Removing one object's unknown keys can make a union option match and reveal keys further in.
const MAX_PASSES = 8;

/**
 * Validates a parsed `config.json` and lists every problem, not just the first; `describe` words
 * them (the deployer's tools pass a fuller one: describe-union-forms.ts). A programme offered in
 * several languages is read in `language` (its default when not given or not offered:
 * translated-config.ts).
 */
export function parseConfig(input: unknown, describe: (issue: Issue) => ConfigProblem[] = describeConfigIssue, language = ''): ConfigResult {
  const unknownKeys: ConfigProblem[] = [];
  let current = inLanguage(input, language);
  for (let pass = 0; ; pass += 1) {
    const result = configSchema().safeParse(current, { reportInput: true });
    if (result.success) return { ok: true, config: result.data, unknownKeys };
    const unknown = result.error.issues.flatMap((issue) => unrecognizedKeys(issue, []));
    if (unknown.length === 0 || pass === MAX_PASSES) {
      return { ok: false, problems: result.error.issues.flatMap((issue) => describe(issue)), unknownKeys };
    }
    current = structuredClone(current);
    for (const { path, keys } of unknown) {
      for (const key of keys) unknownKeys.push({ path: [...path, key].map(String).join('.'), message: UNKNOWN_KEY });
      removeKeys(current, path, keys);
    }
  }
}

/**
 * The unknown keys an issue reports, with the full path of the object holding them; inside a
 * union, only in the option the input was clearly meant for (the one that got past the type).
 */
function unrecognizedKeys(issue: Issue, prefix: Path): Array<{ path: Path; keys: string[] }> {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'unrecognized_keys') return [{ path, keys: issue.keys }];
  if (issue.code === 'invalid_union') {
    const meant = issue.errors.filter((option) => !option.every((inner) => inner.path.length === 0 && inner.code === 'invalid_type'));
    const [only] = meant;
    if (meant.length === 1 && only) return only.flatMap((inner) => unrecognizedKeys(inner, path));
  }
  return [];
}

function removeKeys(root: unknown, path: Path, keys: readonly string[]): void {
  let node: unknown = root;
  for (const segment of path) {
    if (!node || typeof node !== 'object') return;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  if (!node || typeof node !== 'object') return;
  for (const key of keys) Reflect.deleteProperty(node, key);
}

/** Parses the text of `config.json`, reporting a JSON syntax error the same way as a schema error. */
export function parseConfigText(text: string, describe?: (issue: Issue) => ConfigProblem[], language?: string): ConfigResult {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ path: 'config.json', message: `is not valid JSON (${reason})` }], unknownKeys: [] };
  }
  return parseConfig(input, describe, language);
}
