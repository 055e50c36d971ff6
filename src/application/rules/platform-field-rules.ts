import type { FieldValue } from './field-rules';
import type { RuleName } from './rule-names';
import { localDigits } from '../values/local-digits';
import { isCountPath, type PlatformField } from '../values/platforms';

/** The rules of one platform field: a handle is a username, counts are digits, a website a URL. */
export function platformFieldRules(field: PlatformField, required: boolean): RuleName[] {
  const rule: RuleName = field === 'handle' ? 'handle' : field === 'url' ? 'url' : 'digits';
  return required ? ['required', 'notBlank', rule] : [rule];
}

/**
 * A value as its rules check it: a platform's count typed the way `locale` writes numbers
 * ("12 000" in French) as its digits; anything else, or any value without a locale (a sent
 * body, whose counts are digits already), as it is.
 */
export function asChecked(path: string, value: FieldValue, locale: string | undefined): FieldValue {
  if (locale === undefined || typeof value !== 'string' || !isCountPath(path)) return value;
  return localDigits(value, locale) ?? value;
}
