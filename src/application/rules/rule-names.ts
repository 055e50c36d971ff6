/**
 * The names of the validation rules (field-rules.ts holds the rules themselves). Apart from the
 * rules because config.json's schema names them: parsing the configuration is on Welcome's
 * critical path, the rules' code is not.
 */

/** The rules a configured field may name in `validators` (config.json's list is this one). */
export const CONFIGURABLE_RULE_NAMES = ['required', 'notBlank', 'email', 'zip', 'digits', 'url', 'handle', 'checked'] as const;

/** Every rule: the configurable ones and `answered`, which only a yes/no question takes. */
export type RuleName = (typeof CONFIGURABLE_RULE_NAMES)[number] | 'answered';
