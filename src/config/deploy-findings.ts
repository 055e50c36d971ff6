import type { ConfigProblem } from './describe-config-issue';
import { fileFindings } from './file-findings';
import { formFindings } from './form-findings';
import { keyTypoFindings } from './key-typo-findings';
import { messageFindings } from './message-findings';
import { sendingFindings } from './sending-findings';
import type { ConfigResult } from './parse-config';

/**
 * What a deployment must not go out with, though the app opens with it: settings that cannot
 * work and would lose applications, or hide a question for ever, without a word to anyone.
 *
 * - an unknown key one edit away from a known one (two for a key of five letters or more), or
 *   differing only in case: a typo (`requestUrll`), which the app leaves out, so the setting is
 *   lost (key-typo-findings.ts);
 * - no `requestUrl` at all (a programme that sends nothing says `"requestUrl": null`), and any
 *   other unknown top-level key (`submitUrl`), with the key it likely meant (sending-findings.ts);
 * - in the form (form-findings.ts): a `showOnCondition` whose path names no answer of the
 *   programme, or whose `equals` is a value that answer never holds (the field would stay hidden
 *   for ever), with the form that works; a `fieldRules` path that names no field; a required
 *   select without options (no creator could finish); two fields with one path; no step that sends;
 * - in a file field (file-findings.ts), a type in `accept` no file has (`image/jpg`), and more
 *   files in all than one application may list;
 * - in `messages`, a key the app does not have, or a placeholder or plural that cannot be filled
 *   (message-findings.ts).
 *
 * The app stays as lenient as it is (these are not its errors: an installed copy must keep
 * opening): `npm run check-config` fails on them (src/config/check-config.ts), and the receiver
 * refuses to start on them (src/config/receiver-rules.ts). Pure: no DOM, no I/O.
 */
export function deployFindings(input: unknown, result: ConfigResult): ConfigProblem[] {
  const findings = keyTypoFindings(input, result.unknownKeys);
  findings.push(...sendingFindings(input, result.unknownKeys, findings));
  if (result.ok) findings.push(...formFindings(result.config), ...fileFindings(result.config), ...messageFindings(result.config.messages));
  return findings;
}
