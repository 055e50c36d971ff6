import { createContext, useContext } from 'react';
import { createMessages, type Messages } from './messages';
import { EN_SHELL } from './messages-en-shell';

/** English until a root says otherwise (the form adds its words: app/form-words.tsx). */
export const MessagesContext = createContext<Messages>(createMessages('en', EN_SHELL));

/** The app's texts in the page's language. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}

/**
 * The programme's texts the page shows in another language than its own (its default's words
 * where a translation is missing), each with that language: config/translated-config.ts's
 * fallbackTexts. Empty where every text is in the page's language.
 */
export const ForeignTextsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** The language a programme text is shown in when it is not the page's, or undefined. */
export function useForeignLanguage(text: string | undefined): string | undefined {
  const foreign = useContext(ForeignTextsContext);
  return text === undefined ? undefined : foreign.get(text);
}
