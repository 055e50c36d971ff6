import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ApplicationSession } from '../session/application-session-contract';

/** What the wizard's components read of its session themselves: whether it is awake (the page's session, or a test's stand-in). */
export type AwakeSource = Pick<ApplicationSession, 'subscribe'> & { getSnapshot: () => { awake: boolean } };

/** The wizard's application session, given by WizardApp to the components below it. */
export const SessionContext = createContext<AwakeSource | null>(null);

/**
 * Whether the wizard's session is awake: false while the wizard is built behind a first visit's
 * Welcome and shows nothing. Read from the session's snapshot by the component that needs it,
 * rather than passed down as a prop through the components and hooks between.
 */
export function useSessionAwake(): boolean {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionAwake needs a SessionContext provider (WizardApp gives one).');
  return useSyncExternalStore(session.subscribe, () => session.getSnapshot().awake);
}
