// The web app manifest's words come from the programme (config.json), as everything else the
// creator reads does: the build writes them from public/config.json (vite.config.ts), and the
// server from the config.json it serves (programme-pages.mjs), so an edited programme is never
// installed under the default programme's name.

/**
 * @param {{ programmeTitle: unknown, shortName?: unknown, description?: unknown, lang: string }} config
 * @param {'ltr' | 'rtl'} direction the direction of `lang` (src/i18n/text-direction.ts), for the
 *   install dialog and the app's name on the home screen
 * @returns {{ name: string, short_name: string, description?: string, lang: string, dir: 'ltr' | 'rtl' }}
 */
export function manifestFields(config, direction) {
  // One manifest is installed whatever the page's language: the default language's words.
  /** @param {unknown} value */
  const inDefault = (value) => inDefaultLanguage(config, value);
  const name = inDefault(config.programmeTitle) ?? '';
  const description = inDefault(config.description);
  return {
    name,
    short_name: inDefault(config.shortName) ?? name,
    ...(description ? { description } : {}),
    lang: config.lang,
    dir: direction,
  };
}

/**
 * A text of config.json in the programme's default language (`lang`): a programme in several
 * languages gives its texts per language (src/config/translated-config.ts); undefined when there
 * is none.
 * @param {{ lang: string }} config @param {unknown} value
 * @returns {string | undefined}
 */
export function inDefaultLanguage(config, value) {
  const text = value !== null && typeof value === 'object' ? /** @type {Record<string, unknown>} */ (value)[config.lang] : value;
  return typeof text === 'string' ? text : undefined;
}
