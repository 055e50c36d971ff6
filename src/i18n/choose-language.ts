/**
 * Which of a programme's languages a page opens in: the creator's own choice when they made one
 * on this device and it is still offered, else the first of the browser's languages
 * (`navigator.languages`, most preferred first) that an offered language serves, else the
 * programme's default.
 *
 * A preferred tag is served by an offered one that is the same tag, a shorter form of it
 * (`fr-CA` by `fr`: BCP 47 lookup, as `Intl.LocaleMatcher`'s "lookup" does), or the same language
 * in the same script (`pt-BR` by `pt-PT`, `zh-TW` by `zh-Hant` but not by `zh-CN`: the step
 * `@formatjs/intl-localematcher`'s "best fit" adds). Unlike "best fit", a later preference never
 * beats an earlier one that is served: a browser set to English first, then French, opens in English.
 *
 * No imports: index.html's head runs this very function before the first paint, compiled in
 * (first-paint/choose-page-language.ts), so the page and the app cannot choose differently.
 */
export function chooseLanguage(offered: readonly string[], fallback: string, preferred: readonly string[], chosen?: string | null): string {
  const lower = (tag: string) => tag.toLowerCase();
  const find = (tag: string) => offered.find((candidate) => lower(candidate) === lower(tag));
  if (chosen) {
    const kept = find(chosen);
    if (kept) return kept;
  }
  /** The tag's language and script (the script the language usually takes when none is named). */
  const languageAndScript = (tag: string) => {
    try {
      const locale = new Intl.Locale(tag).maximize();
      return `${locale.language}-${locale.script ?? ''}`;
    } catch {
      return lower(tag);
    }
  };
  for (const tag of preferred) {
    const parts = tag.split('-');
    for (let length = parts.length; length > 0; length -= 1) {
      const found = find(parts.slice(0, length).join('-'));
      if (found) return found;
    }
    const wanted = languageAndScript(tag);
    const alike = offered.find((candidate) => languageAndScript(candidate) === wanted);
    if (alike) return alike;
  }
  return find(fallback) ?? fallback;
}
