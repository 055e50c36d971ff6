import type { MouseEvent } from 'react';
import { languageName } from '../i18n/language-name';
import { useMessages } from '../i18n/messages-context';
import { LANGUAGE_PARAMETER } from '../storage/language-choice';
import { useLanguageSwitch } from './language-switch-context';

/**
 * The page's languages, each named in itself and marked as in that language, the current one
 * marked as such. Links, so that the Welcome index.html carries switches too before the app has
 * run (`?lang=fr` is read by index.html's head and by boot/page-language.ts); once it runs, a
 * press changes the page in place, answers, step and scroll kept.
 */
export function LanguageLinks() {
  const languages = useLanguageSwitch();
  const messages = useMessages();
  if (!languages || languages.offered.length < 2) return null;
  const choose = (event: MouseEvent<HTMLAnchorElement>, tag: string) => {
    // A press with a modifier opens the link as the browser would (a new tab in that language).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (tag !== languages.current) languages.choose(tag);
  };
  return (
    <nav className="language-links" aria-label={messages.text('languages')}>
      <ul>
        {languages.offered.map((tag) => (
          <li key={tag}>
            <a
              href={`?${LANGUAGE_PARAMETER}=${encodeURIComponent(tag)}`}
              lang={tag}
              hrefLang={tag}
              aria-current={tag === languages.current ? 'true' : undefined}
              onClick={(event) => {
                choose(event, tag);
              }}
            >
              {languageName(tag)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
