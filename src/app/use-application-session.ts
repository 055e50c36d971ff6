import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ApplicationValues } from '../application/values/application-values';
import type { ProgrammeForm } from '../application/rules/programme-form';
import { useApplicationForm } from '../form/use-application-form';
import type { ApplicationSession } from '../session/application-session-contract';
import type { SessionForm } from '../session/session-form';

/**
 * The application session (session/application-session.ts) as React shows it: the form its
 * fields register with, given to the session while the wizard is mounted, and the session's
 * state, read with useSyncExternalStore. Every decision is the session's; this only connects.
 * The attach effect may run twice (StrictMode, a subtree hidden and shown): the session keeps
 * what it holds across a detach and attach in the same task.
 */
export function useApplicationSession(session: ApplicationSession, programme: ProgrammeForm, initialValues: ApplicationValues) {
  const { form, pendingInputs, validateStep, bodyToSend, currentBody, failedAttempts } = useApplicationForm(programme, initialValues);

  const sessionForm = useMemo<SessionForm>(
    () => ({
      values: () => form.getValues(),
      flush: () => {
        pendingInputs.flushAll();
      },
      reset: (values) => {
        form.reset(values);
      },
      watch: (listener) => form.subscribe({ formState: { values: true }, callback: listener }),
      validateStep,
      bodyToSend,
      currentBody,
      shownTexts: () => pendingInputs.shownTexts(),
    }),
    [form, pendingInputs, validateStep, bodyToSend, currentBody],
  );
  useEffect(() => session.attach(sessionForm), [session, sessionForm]);

  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { form, pendingInputs, failedAttempts, state };
}
