import { createContext, useContext } from 'react';
import { createMessages, type Messages } from './messages';
import { EN_SHELL } from './messages-en-shell';

/** English until a root says otherwise (the form adds its words: app/form-words.tsx). */
export const MessagesContext = createContext<Messages>(createMessages('en', EN_SHELL));

/** The app's texts in the page's language. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
