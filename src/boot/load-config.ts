import { parseConfigText, type ConfigResult } from '../config/parse-config';

/** Where the running app finds its configuration: beside index.html, so a deployer edits it without a rebuild. */
export const CONFIG_URL = `${import.meta.env.BASE_URL}config.json`;

/** Fetches and validates config.json; an unreachable or unreadable file is reported like an invalid one. */
export async function loadConfig(url: string = CONFIG_URL, fetchImpl: typeof fetch = fetch): Promise<ConfigResult> {
  let text: string;
  try {
    // Plain GET with no extra headers so it reuses index.html's preload of the same URL.
    const response = await fetchImpl(url);
    if (!response.ok) {
      return { ok: false, problems: [{ path: 'config.json', message: `could not be loaded (HTTP ${String(response.status)})` }] };
    }
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ path: 'config.json', message: `could not be loaded (${reason})` }] };
  }
  return parseConfigText(text);
}
