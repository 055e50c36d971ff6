import { textDirection } from '../i18n/text-direction';
import { useForeignLanguage } from '../i18n/messages-context';

/**
 * A programme's text as the page shows it: inside its own `lang` and `dir` when it is in another
 * language than the page's (English words where an Arabic translation is missing), so that its
 * punctuation stays at its end ("you?", not "?you") and a screen reader reads it in its language.
 */
export function ConfigWords({ text }: { text: string }) {
  const lang = useForeignLanguage(text);
  if (lang === undefined) return <>{text}</>;
  return (
    <span lang={lang} dir={textDirection(lang)}>
      {text}
    </span>
  );
}
