/**
 * Each validation rule of docs/product-rules.md §5 as a plain function: it returns the message to show,
 * or null when the value passes. Rules never see whether a field is shown; the schema decides
 * that (hidden conditional fields drop their rules).
 */
import type { RuleName } from './rule-names';

export type FieldValue = string | boolean | null | undefined | readonly string[];

export interface RuleBounds {
  minLength?: number | undefined;
  maxLength?: number | undefined;
  /** For lists (multi-selects): how many values at most. */
  maxItems?: number | undefined;
}

/**
 * What each rule reports: a message key of the app's catalogues (src/i18n/messages-en.ts), which
 * the page says in the creator's language and the receiver's 422 in English.
 */
export const MESSAGES = {
  required: 'required',
  notBlank: 'notBlank',
  email: 'email',
  zip: 'zip',
  digits: 'digits',
  followers: 'followers',
  url: 'url',
  handle: 'handle',
  checked: 'checked',
  platformsFilled: 'platformsFilled',
  phoneNumberNeedsCode: 'phoneNumberNeedsCode',
  phoneCodeNeedsNumber: 'phoneCodeNeedsNumber',
  choose: 'choose',
  explain: 'explain',
  fileRequired: 'fileRequired',
  /** With the field's maxFiles: `fileCount:6`. */
  fileCount: 'fileCount',
} as const;

/** Whether a value counts as given: a non-empty string (spaces count, see notBlank), a true box, a non-empty list. */
export function isPresent(value: FieldValue): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
const ZIP = /^[0-9][0-9\- ]*$/;
const DIGITS = /^[0-9]+$/;
const WEBSITE = /^(https?:\/\/)?([A-Za-z0-9-]+\.)+[A-Za-z]{2,}(:[0-9]{1,5})?(\/\S*)?$/;
// A handle is a username: a scheme, "www." or a domain followed by a path means a whole URL was pasted.
const LOOKS_LIKE_URL = /(^[a-z][a-z0-9+.-]*:\/\/)|(^www\.)|(^([a-z0-9-]+\.)+[a-z]{2,}\/)/i;

function text(value: FieldValue): string {
  return typeof value === 'string' ? value : '';
}

/** The rules that apply only when there is something to check let an empty value pass; `required` catches those. */
export const RULES: Readonly<Record<RuleName, (value: FieldValue) => string | null>> = {
  required: (value) => (isPresent(value) ? null : MESSAGES.required),
  /** A yes/no question is answered by either answer; `required` would reject a No. */
  answered: (value) => (typeof value === 'boolean' ? null : MESSAGES.choose),
  notBlank: (value) => (typeof value === 'string' && value.length > 0 && value.trim().length === 0 ? MESSAGES.notBlank : null),
  email: (value) => (text(value) === '' || EMAIL.test(text(value).trim()) ? null : MESSAGES.email),
  zip: (value) => (text(value) === '' || ZIP.test(text(value).trim()) ? null : MESSAGES.zip),
  digits: (value) => (text(value) === '' || DIGITS.test(text(value).trim()) ? null : MESSAGES.digits),
  url: (value) => (text(value) === '' || WEBSITE.test(text(value).trim()) ? null : MESSAGES.url),
  handle: (value) => (text(value) === '' || !LOOKS_LIKE_URL.test(text(value).trim()) ? null : MESSAGES.handle),
  checked: (value) => (value === true ? null : MESSAGES.checked),
};

/** Checks the configured bounds of a field (config `fieldRules`). */
export function checkBounds(value: FieldValue, bounds: RuleBounds | undefined): string | null {
  if (!bounds) return null;
  if (typeof value === 'string' && value.length > 0) {
    if (bounds.minLength !== undefined && value.trim().length < bounds.minLength) return `minLength:${String(bounds.minLength)}`;
    if (bounds.maxLength !== undefined && value.length > bounds.maxLength) return `maxLength:${String(bounds.maxLength)}`;
  }
  if (Array.isArray(value) && bounds.maxItems !== undefined && value.length > bounds.maxItems) {
    return `maxItems:${String(bounds.maxItems)}`;
  }
  return null;
}

/** Runs rules in order and returns the first message, with an optional message replacing `required`'s. */
export function firstFailure(
  value: FieldValue,
  rules: readonly RuleName[],
  bounds?: RuleBounds,
  messages: Partial<Record<RuleName, string>> = {},
): string | null {
  for (const rule of rules) {
    const failure = RULES[rule](value);
    if (failure) return messages[rule] ?? failure;
  }
  return checkBounds(value, bounds);
}
