import type { ConfigProblem } from '../config/describe-config-issue';
import { reportError } from './errors';

/**
 * The app opens with a configuration whose unknown keys it left out (a typo, or a setting of a
 * newer build); the deployer learns of them through error reporting, when one is configured.
 * Only the keys' paths are sent: they are the deployer's names, never a creator's answers.
 */
export function reportUnknownConfigKeys(unknownKeys: readonly ConfigProblem[], report: typeof reportError = reportError): void {
  if (unknownKeys.length === 0) return;
  const list = unknownKeys.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
  report(new Error(`config.json has keys this version does not know, left out: ${list}`), { where: 'config', unknownKeys: unknownKeys.length });
}
