import type { RuleName } from './rule-names';
import type { PlatformField } from '../values/platforms';

/** The rules of one platform field: a handle is a username, counts are digits, a website a URL. */
export function platformFieldRules(field: PlatformField, required: boolean): RuleName[] {
  const rule: RuleName = field === 'handle' ? 'handle' : field === 'url' ? 'url' : 'digits';
  return required ? ['required', 'notBlank', rule] : [rule];
}
