import { createContext, useContext } from 'react';
import { createMessages, type Messages } from './messages';
import { EN } from './messages-en';

/** English until a root says otherwise: component tests and the build's Welcome need no provider. */
export const MessagesContext = createContext<Messages>(createMessages('en', EN));

/** The app's texts in the page's language. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
