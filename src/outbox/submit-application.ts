import type { AttemptOutcome } from './retry-policy';

/** What submitting needs from the page: the checked body, the outbox, and what acceptance does. */
export interface SubmitSteps<Body> {
  /** The body to send once the whole application is checked (showing any error); null when it is not valid. */
  bodyToSend: () => Promise<Body | null>;
  /** Queues the body and tries to send it now. */
  send: (url: string, body: Body) => Promise<AttemptOutcome | 'busy'>;
  /** Acceptance without a server (a programme with no requestUrl). */
  accept: () => Promise<void>;
}

/**
 * What the wizard's submit step does, resolving true once the application is accepted: nothing
 * more after acceptance; nothing sent while the answers are not valid; without a configured
 * requestUrl the application is accepted on the device; otherwise it goes through the outbox,
 * and only an accepted attempt moves the wizard on (a retry or a refusal keeps the step).
 */
export async function submitApplication<Body>(submitted: boolean, requestUrl: string | null | undefined, steps: SubmitSteps<Body>): Promise<boolean> {
  if (submitted) return true;
  const body = await steps.bodyToSend();
  if (!body) return false;
  if (!requestUrl) {
    await steps.accept();
    return true;
  }
  return (await steps.send(requestUrl, body)) === 'accepted';
}
