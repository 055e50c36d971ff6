import { type CheckedConfig, readCheckedConfig } from '../config/checked-config';
import { CONFIG_CACHE } from '../config/config-cache';
import { configDigest } from '../config/config-digest';
import type { ConfigProblem } from '../config/describe-config-issue';
import type { ConfigResult } from '../config/parse-config';
import { fallbackTexts, inLanguage, offeredLanguages } from '../config/translated-config';
import { welcomeBeforeCheck } from '../config/welcome-before-check';
import { pageLanguage } from './page-language';

/** Where the running app finds its configuration: beside index.html, so a deployer edits it without a rebuild. */
export const CONFIG_URL = `${import.meta.env.BASE_URL}config.json`;

/**
 * The programme as the page reads it: in one of its languages (`offered`, the default first), and
 * how to read it in another (the page's language switch), from the same file.
 */
export type LoadedConfig = ReadConfig & {
  /**
   * The result once the file has passed the full check: this result itself, except for a file
   * the build did not check, which is first read only as far as Welcome needs
   * (config/welcome-before-check.ts) and checked when this is first called, with the kept copy
   * as fallback as for any file. Call it once Welcome is drawn, and build the wizard from its answer.
   */
  confirmed: () => Promise<LoadedConfig>;
  /** Whether `confirmed` has a check still to run: this result is the file read only as far as Welcome needs. */
  awaitsCheck: boolean;
};

/** A file read in the page's language, its languages and how to read it in another. */
type ReadConfig = ConfigResult & {
  offered: string[];
  inLanguage: (language: string) => Promise<ConfigResult>;
  /** The language the page reads the file in, of those it names: known even when the file is not a valid programme, or undefined when it names none. */
  language: string | undefined;
  /** The texts shown in `language` that the file has only in another, with that language (translated-config.ts's fallbackTexts). */
  fallbackTexts?: (language: string) => ReadonlyMap<string, string>;
};

/** Which of the offered languages (the default first) the page opens in. */
export type ChooseLanguage = (offered: readonly string[]) => string;

/** The last configuration the service worker accepted, or undefined when there is none (or no Cache Storage). */
export type LastGoodConfig = (url: string) => Promise<string | undefined>;

const readLastGoodConfig: LastGoodConfig = async (url) => {
  if (typeof caches === 'undefined') return undefined;
  const response = await caches.match(url, { cacheName: CONFIG_CACHE });
  return response ? response.text() : undefined;
};

/**
 * Fetches and validates config.json; an unreachable or unreadable file is reported like an
 * invalid one. When the answer is unusable, the last good copy the service worker kept is used
 * instead: the worker already does this for the pages it controls, this covers the others (a
 * hard reload, the first load after an install), so a broken deployment never strands a creator
 * who has been here before.
 *
 * A file that is byte for byte the one the build checked is not validated again: the build's
 * result, carried by index.html (config/checked-config.ts), is used. Any other file (edited after
 * the build, or a kept copy from another one) is validated here, with the schema's code fetched
 * then (readConfigText); the network's copy, when Welcome can be drawn from it as it stands, only
 * once `confirmed` is called, so that Welcome does not wait for the schema's code.
 */
export async function loadConfig(
  url: string = CONFIG_URL,
  fetchImpl: typeof fetch = fetch,
  lastGood: LastGoodConfig = readLastGoodConfig,
  checked: CheckedConfig | undefined = readCheckedConfig(),
  choose: ChooseLanguage = pageLanguage,
): Promise<LoadedConfig> {
  const fetched = await fetchConfig(url, fetchImpl);
  const full = async (): Promise<LoadedConfig> => {
    const fresh = typeof fetched === 'string' ? await readInChosenLanguage(fetched, checked, choose) : unreadable(fetched);
    if (fresh.ok) return fresh;
    const kept = await lastGood(new URL(url, window.location.href).href).catch(() => undefined);
    const fallback = kept === undefined ? null : await readInChosenLanguage(kept, checked, choose);
    return fallback?.ok ? fallback : fresh;
  };
  const early = typeof fetched === 'string' && !(await isTheCheckedFile(fetched, checked)) ? beforeCheck(fetched, choose, full) : null;
  return early ?? confirmedNow(await full());
}

function confirmedNow(result: ReadConfig): LoadedConfig {
  const loaded: LoadedConfig = { ...result, confirmed: () => Promise.resolve(loaded), awaitsCheck: false };
  return loaded;
}

function unreadable(problem: ConfigProblem): LoadedConfig {
  const result: ConfigResult = { ok: false, problems: [problem], unknownKeys: [] };
  return confirmedNow({ ...result, offered: [], inLanguage: () => Promise.resolve(result), language: undefined });
}

async function isTheCheckedFile(text: string, checked: CheckedConfig | undefined): Promise<boolean> {
  return checked !== undefined && checked.digest === (await configDigest(text).catch(() => undefined));
}

/**
 * A file the build did not check, read as far as Welcome needs, or null when that reading finds
 * something only the full check can judge. The full check runs once, when `confirmed` is called.
 */
function beforeCheck(text: string, choose: ChooseLanguage, full: () => Promise<LoadedConfig>): LoadedConfig | null {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return null;
  }
  const offered = offeredLanguages(input);
  const chosen = offered.length > 1 ? choose(offered) : '';
  const config = welcomeBeforeCheck(inLanguage(input, chosen));
  if (!config) return null;
  let checking: Promise<LoadedConfig> | null = null;
  return {
    ok: true,
    config,
    unknownKeys: [],
    offered,
    inLanguage: (language) => readConfigText(text, undefined, language),
    language: chosen || offered[0],
    fallbackTexts: (language) => fallbackTexts(input, language),
    confirmed: () => (checking ??= full()),
    awaitsCheck: true,
  };
}

/** A file's text read in the language chosen among those it offers. */
async function readInChosenLanguage(text: string, checked: CheckedConfig | undefined, choose: ChooseLanguage): Promise<LoadedConfig> {
  let offered: string[] = [];
  let input: unknown;
  try {
    input = JSON.parse(text);
    offered = offeredLanguages(input);
  } catch {
    // Not JSON: readConfigText says so, in the words the deployer's tools use.
  }
  const inLanguage = (language: string) => readConfigText(text, checked, language);
  const chosen = offered.length > 1 ? choose(offered) : '';
  const result = await inLanguage(chosen);
  return confirmedNow({ ...result, offered, inLanguage, language: chosen || offered[0], fallbackTexts: (language) => fallbackTexts(input, language) });
}

/**
 * The build's result when `text` is the file it checked (in the language asked for, when the
 * build carried it); otherwise the file, validated now. '' asks for the programme's default.
 */
export async function readConfigText(text: string, checked: CheckedConfig | undefined, language = ''): Promise<ConfigResult> {
  if (checked && checked.digest === (await configDigest(text).catch(() => undefined))) {
    const config = language === '' ? checked.config : (checked.translations?.[language] ?? (language === checked.config.lang ? checked.config : undefined));
    if (config) return { ok: true, config, unknownKeys: checked.unknownKeys };
  }
  // The schema (zod and the configuration's rules, about a tenth of the entry) loads only for a
  // file the build did not check: one more request for a deployment edited after its build,
  // none for the rest, and room in the entry for what every creator needs first.
  const { parseConfigText } = await import('../config/parse-config');
  return parseConfigText(text, undefined, language);
}

/** config.json's text, or the problem that stopped it from arriving. */
async function fetchConfig(url: string, fetchImpl: typeof fetch): Promise<string | ConfigProblem> {
  try {
    // Plain GET with no extra headers so it reuses index.html's preload of the same URL.
    const response = await fetchImpl(url);
    if (!response.ok) return { path: 'config.json', message: `could not be loaded (HTTP ${String(response.status)})` };
    return await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { path: 'config.json', message: `could not be loaded (${reason})` };
  }
}
