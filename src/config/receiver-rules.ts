import { validateApplicationBody } from '../application/body/validate-application-body';
import type { FieldIssue } from '../application/rules/validate-application';
import type { ConfigProblem } from './describe-config-issue';
import { parseConfig } from './parse-config';
import { programmeFormOf } from './programme-form-of';

/**
 * The receiver's entry into the wizard's own rules (server/receiver.mjs): from a programme's
 * config.json, the validator of received bodies and the path the wizard sends them to. No
 * browser import anywhere below it; `npm run build` bundles it for Node into
 * server/build/receiver-rules.mjs (vite.server.config.ts), so there is one copy of the rules.
 */
export type ReceiverRules =
  | { ok: true; requestUrl: string | null; language: string; validate: (body: unknown) => FieldIssue[] }
  | { ok: false; problems: ConfigProblem[] };

export function receiverRules(config: unknown): ReceiverRules {
  const parsed = parseConfig(config);
  if (!parsed.ok) return { ok: false, problems: parsed.problems };
  const form = programmeFormOf(parsed.config);
  return { ok: true, requestUrl: parsed.config.requestUrl ?? null, language: parsed.config.lang, validate: (body) => validateApplicationBody(body, form) };
}
