import { placeholdersOf } from '../i18n/format-message';
import type { Message } from '../i18n/catalogue';
import { KNOWN_MESSAGES, type KnownMessageKey } from './known-messages';
import type { ConfigProblem } from './describe-config-issue';

/**
 * What `npm run check-config` and the receiver refuse in config.json's `messages` though the app
 * would open with it: a key the app does not have (a typo leaves the app's own words in place),
 * a message without a placeholder its key fills (a count or a name the creator would never see),
 * plural forms for a text without a count. Each by its path.
 */
export function messageFindings(messages: Readonly<Record<string, Message>> | undefined): ConfigProblem[] {
  const findings: ConfigProblem[] = [];
  for (const [key, message] of Object.entries(messages ?? {})) {
    const path = `messages.${key}`;
    if (!Object.hasOwn(KNOWN_MESSAGES, key)) {
      findings.push({ path, message: 'not a text of the app (docs/configuration.md, "Messages", lists them)' });
      continue;
    }
    const english: Message = KNOWN_MESSAGES[key as KnownMessageKey];
    if (typeof english === 'string' && typeof message !== 'string') {
      findings.push({ path, message: 'this text has no count: give words, not plural forms' });
      continue;
    }
    const words = typeof message === 'string' ? message : message.other;
    for (const name of placeholdersOf(english)) {
      if (!words.includes(`{${name}}`))
        findings.push({ path: typeof message === 'string' ? path : `${path}.other`, message: `must contain {${name}}, which the app fills in` });
    }
  }
  return findings;
}
