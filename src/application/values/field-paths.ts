/** Where each answer lives in the application, and reading or writing a value by its dotted path. */
import { isTree, type Tree } from './is-tree';

export const PERSONAL_INFO_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'addressFirstLine',
  'addressSecondLine',
  'city',
  'zip',
  'company',
  'provinceCode',
  'countryCode',
] as const;

export type PersonalInfoTextField = (typeof PERSONAL_INFO_TEXT_FIELDS)[number];

export const PHONE_CODE_PATH = 'personalInfo.phone.countryCode';
export const PHONE_NUMBER_PATH = 'personalInfo.phone.subscriber';
export const COUNTRY_PATH = 'personalInfo.countryCode';
export const PLATFORMS_FILLED_PATH = 'platforms.filled';
export const AGREEMENT_PATH = 'agreement';

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The paths a configured field may name: a personal-info field, a detail question under
 * `fields.single`, the website's own fields, or the agreement.
 */
export function isConfigurableFieldPath(path: string): boolean {
  const [section, key, ...rest] = path.split('.');
  if (section === 'personalInfo') return rest.length === 0 && (PERSONAL_INFO_TEXT_FIELDS as readonly string[]).includes(key ?? '');
  if (section === 'fields') return key === 'single' && rest.length === 1 && IDENTIFIER.test(rest[0] ?? '');
  if (section === 'platforms') return key === 'website' && rest.length === 1 && (rest[0] === 'url' || rest[0] === 'monthlyTraffic');
  return path === AGREEMENT_PATH;
}

/** Reads the value at a dotted path, or undefined when any part is missing. */
export function getPath(values: unknown, path: string): unknown {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (!isTree(node)) return undefined;
    node = node[part];
  }
  return node;
}

/** Returns a copy of `values` with `value` at the dotted path, creating objects on the way. */
export function setPath<T extends object>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return values;
  const child = (values as Tree)[head];
  const next = rest.length === 0 ? value : setPath(isTree(child) ? child : {}, rest.join('.'), value);
  return { ...values, [head]: next };
}
