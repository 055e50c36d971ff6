import { useMemo, type ReactNode } from 'react';
import { MessagesContext, useMessages } from '../i18n/messages-context';
import { EN_FORM } from '../i18n/messages-en-form';

/**
 * Around the application form: English's words for it arrive with its code rather than in the
 * entry (the Welcome's budget), and fill what the page's catalogue leaves out. A whole catalogue
 * (French, Spanish) and a programme's own words still come first.
 */
export function FormWords({ children }: { children: ReactNode }) {
  const messages = useMessages();
  const withForm = useMemo(() => messages.with(EN_FORM), [messages]);
  return <MessagesContext.Provider value={withForm}>{children}</MessagesContext.Provider>;
}
