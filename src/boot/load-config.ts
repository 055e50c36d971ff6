import { type CheckedConfig, readCheckedConfig } from '../config/checked-config';
import { configDigest } from '../config/config-digest';
import type { ConfigProblem } from '../config/describe-config-issue';
import type { ConfigResult } from '../config/parse-config';
import { fallbackTexts, inLanguage, offeredLanguages } from '../config/translated-config';
import { welcomeBeforeCheck } from '../config/welcome-before-check';
import { keptConfigIn, type KeptConfig } from './kept-config';
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

/**
 * Fetches and validates config.json; an unreachable or unreadable file is reported like an
 * invalid one. When the answer is unusable (a broken edit, index.html served by a host for a
 * missing file, an error, no network and no worker), the last good copy is used instead, so a
 * broken deployment never strands a creator who has been here before; a file the page opens with
 * becomes that copy (boot/kept-config.ts). The service worker passes every 200 on unjudged and
 * serves the kept copy only when the network cannot answer: judging a file is the page's.
 *
 * A file that is byte for byte the one the build checked is not validated again: the build's
 * result, carried by index.html (config/checked-config.ts), is used. Any other file (edited after
 * the build, or a kept copy from another one) is validated here, with the schema's code fetched
 * then (readConfigText); the network's copy, when Welcome can be drawn from it as it stands, only
 * once `confirmed` is called, so that Welcome does not wait for the schema's code. Not when
 * another copy is kept, though: a file that then failed its check would have shown its Welcome
 * before the wizard opened on the kept copy's, so the page waits for the check (the schema's code
 * is in the worker's precache by then) and draws one programme from the start.
 */
export async function loadConfig(
  url: string = CONFIG_URL,
  fetchImpl: typeof fetch = fetch,
  kept: KeptConfig = keptConfigIn(),
  checked: CheckedConfig | undefined = readCheckedConfig(),
  choose: ChooseLanguage = pageLanguage,
): Promise<LoadedConfig> {
  const keptUrl = new URL(url, window.location.href).href;
  const fetched = await fetchConfig(url, fetchImpl);
  let keptText: Promise<string | undefined> | undefined;
  const readKept = () => (keptText ??= kept.read(keptUrl).catch(() => undefined));
  const full = async (): Promise<LoadedConfig> => {
    const fresh = typeof fetched === 'string' ? await readInChosenLanguage(fetched, checked, choose) : unreadable(fetched);
    if (fresh.ok) {
      // Not waited for: the page opens whether or not the copy could be kept.
      if (typeof fetched === 'string') kept.keep(keptUrl, fetched).catch(() => undefined);
      return fresh;
    }
    const keptCopy = await readKept();
    const fallback = keptCopy === undefined ? null : await readInChosenLanguage(keptCopy, checked, choose);
    return fallback?.ok ? fallback : fresh;
  };
  const early =
    typeof fetched === 'string' && !(await isTheCheckedFile(fetched, checked)) && (await nothingElseKept(fetched, readKept))
      ? beforeCheck(fetched, choose, full)
      : null;
  return early ?? confirmedNow(await full());
}

/** Whether the kept copy, if any, is this very text: no other programme the page could fall back to. */
async function nothingElseKept(text: string, readKept: () => Promise<string | undefined>): Promise<boolean> {
  const keptText = await readKept();
  return keptText === undefined || keptText === text;
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
