import { type CheckedConfig, readCheckedConfig } from '../config/checked-config';
import { CONFIG_CACHE } from '../config/config-cache';
import { configDigest } from '../config/config-digest';
import type { ConfigResult } from '../config/parse-config';

/** Where the running app finds its configuration: beside index.html, so a deployer edits it without a rebuild. */
export const CONFIG_URL = `${import.meta.env.BASE_URL}config.json`;

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
 * then (readConfigText).
 */
export async function loadConfig(
  url: string = CONFIG_URL,
  fetchImpl: typeof fetch = fetch,
  lastGood: LastGoodConfig = readLastGoodConfig,
  checked: CheckedConfig | undefined = readCheckedConfig(),
): Promise<ConfigResult> {
  const fresh = await fetchConfig(url, fetchImpl, checked);
  if (fresh.ok) return fresh;
  const kept = await lastGood(new URL(url, window.location.href).href).catch(() => undefined);
  if (kept === undefined) return fresh;
  const fallback = await readConfigText(kept, checked);
  return fallback.ok ? fallback : fresh;
}

/** The build's result when `text` is the file it checked; otherwise the file, validated now. */
export async function readConfigText(text: string, checked: CheckedConfig | undefined): Promise<ConfigResult> {
  if (checked && checked.digest === (await configDigest(text).catch(() => undefined))) {
    return { ok: true, config: checked.config, unknownKeys: checked.unknownKeys };
  }
  // The schema (zod and the configuration's rules, about a tenth of the entry) loads only for a
  // file the build did not check: one more request for a deployment edited after its build,
  // none for the rest, and room in the entry for what every creator needs first.
  const { parseConfigText } = await import('../config/parse-config');
  return parseConfigText(text);
}

async function fetchConfig(url: string, fetchImpl: typeof fetch, checked: CheckedConfig | undefined): Promise<ConfigResult> {
  let text: string;
  try {
    // Plain GET with no extra headers so it reuses index.html's preload of the same URL.
    const response = await fetchImpl(url);
    if (!response.ok) {
      return { ok: false, problems: [{ path: 'config.json', message: `could not be loaded (HTTP ${String(response.status)})` }], unknownKeys: [] };
    }
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ path: 'config.json', message: `could not be loaded (${reason})` }], unknownKeys: [] };
  }
  return readConfigText(text, checked);
}
