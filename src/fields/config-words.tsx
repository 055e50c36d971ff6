import { textDirection, type TextDirection } from '../i18n/text-direction';
import { useForeignLanguage } from '../i18n/messages-context';

/** The `lang` and `dir` of a programme text shown in another language than the page's; none otherwise. */
export function useForeignMarks(text: string | undefined): { lang?: string; dir?: TextDirection } {
  const lang = useForeignLanguage(text);
  return lang === undefined ? {} : { lang, dir: textDirection(lang) };
}

/**
 * A programme's text as the page shows it: inside its own `lang` and `dir` when it is in another
 * language than the page's (English words where an Arabic translation is missing), so that its
 * punctuation stays at its end ("you?", not "?you") and a screen reader reads it in its language.
 */
export function ConfigWords({ text }: { text: string }) {
  const marks = useForeignMarks(text);
  if (marks.lang === undefined) return <>{text}</>;
  return <span {...marks}>{text}</span>;
}
