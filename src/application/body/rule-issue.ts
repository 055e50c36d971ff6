import type { FieldIssue } from '../rules/validate-application';

/**
 * What the receiver's checks of a body report, and the rule two of them share: apart from the
 * checks, so that one check's file never needs another's to say what it found.
 */

/** A 422's item: what is wrong, where, and the rule it breaks. */
export type RuleIssue = FieldIssue & { rule: string };

/** The rule of an answer, or a file field's files, the programme does not ask for. */
export const NOT_ASKED = 'not-asked';
