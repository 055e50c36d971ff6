/**
 * What a resumed upload does after asking the receiver how far it got (tus HEAD). Pure.
 *
 * tus-js-client 4.3.1 treats any answer but 2xx and 423 as "this upload is gone" and creates a new
 * one, even for a 502 from a proxy whose receiver is restarting; and, as it still holds the old
 * upload's storage key, it never stores the new address, so the file's record kept naming the old,
 * incomplete upload and the application's PUT was refused (file-incomplete). Only the receiver
 * saying the upload does not exist (404, or 410 once it expired) warrants a new one; every other
 * trouble passes with time, and the same upload is asked again later, after a backoff.
 */

export type ResumeDecision = 'resume' | 'retry-later' | 'start-new';

/** The HEAD's answer: its status, or `null` when none came (a refused or dropped connection). */
export function resumeDecision(status: number | null): ResumeDecision {
  if (status === null || status === 0) return 'retry-later';
  if (status >= 200 && status < 300) return 'resume';
  if (status === 404 || status === 410) return 'start-new';
  // 401, 403 and any other 4xx say something of the request, not of the upload: the upload may
  // well be whole on the receiver, and starting again would upload every byte for nothing.
  return 'retry-later';
}
