import type { WizardConfig } from './config-schema';
import type { ConfigProblem } from './describe-config-issue';

/**
 * config.json as the build checked it: the validated configuration and its unknown keys, with the
 * digest of the text they came from (config-digest.ts). The build writes it into index.html
 * (scripts/prerender-welcome.ts); when the config.json the app fetches has the same digest, the
 * app takes this copy instead of validating the file again. Validation is the schema library and
 * every rule of the configuration, the largest part of the work before Welcome answers a press,
 * and would give the same answer for the same bytes and the same build.
 */
export interface CheckedConfig {
  digest: string;
  config: WizardConfig;
  unknownKeys: ConfigProblem[];
  /** A programme in several languages: the configuration as read in each other than the default. */
  translations?: Record<string, WizardConfig>;
}

/** The id of index.html's `<script type="application/json">` holding the checked copy. */
export const CHECKED_CONFIG_ID = 'checked-config';

/** The data block for index.html; `<` is escaped so no text of the configuration can end the script. */
export function checkedConfigBlock(checked: CheckedConfig): string {
  const json = JSON.stringify(checked).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CHECKED_CONFIG_ID}">${json}</script>`;
}

/**
 * The checked copy index.html carries, or undefined when it has none or it cannot be read (an
 * index.html from an older build, one edited by hand): the app then validates config.json itself.
 */
export function readCheckedConfig(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): CheckedConfig | undefined {
  const text = doc?.getElementById(CHECKED_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return undefined;
    const { digest, config, unknownKeys } = value as Partial<Record<keyof CheckedConfig, unknown>>;
    if (typeof digest !== 'string' || !config || typeof config !== 'object' || !Array.isArray(unknownKeys)) return undefined;
    return value as CheckedConfig;
  } catch {
    return undefined;
  }
}
