import { configSchema, type WizardConfig } from './config-schema';
import { describeConfigIssue, type ConfigProblem } from './describe-config-issue';

export type ConfigResult = { ok: true; config: WizardConfig } | { ok: false; problems: ConfigProblem[] };

/** Validates a parsed `config.json` and lists every problem, not just the first. */
export function parseConfig(input: unknown): ConfigResult {
  const result = configSchema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, config: result.data };
  return { ok: false, problems: result.error.issues.flatMap(describeConfigIssue) };
}

/** Parses the text of `config.json`, reporting a JSON syntax error the same way as a schema error. */
export function parseConfigText(text: string): ConfigResult {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ path: 'config.json', message: `is not valid JSON (${reason})` }] };
  }
  return parseConfig(input);
}
