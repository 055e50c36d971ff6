// The web app manifest's words come from the programme (config.json), as everything else the
// creator reads does: the build writes them from public/config.json (vite.config.ts), and the
// server from the config.json it serves (programme-pages.mjs), so an edited programme is never
// installed under the default programme's name.

/**
 * @param {{ programmeTitle: string, shortName?: string, description?: string, lang: string }} config
 * @param {'ltr' | 'rtl'} direction the direction of `lang` (src/i18n/text-direction.ts), for the
 *   install dialog and the app's name on the home screen
 * @returns {{ name: string, short_name: string, description?: string, lang: string, dir: 'ltr' | 'rtl' }}
 */
export function manifestFields(config, direction) {
  return {
    name: config.programmeTitle,
    short_name: config.shortName ?? config.programmeTitle,
    ...(config.description ? { description: config.description } : {}),
    lang: config.lang,
    dir: direction,
  };
}
