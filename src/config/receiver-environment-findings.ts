import type { ConfigProblem } from './describe-config-issue';

/** The receiver's environment, as `npm run check-config` is given it: only what decides whether files can be kept. */
export interface ReceiverEnvironment {
  DATABASE_URL?: string | undefined;
  UPLOADS_DIR?: string | undefined;
}

/**
 * What a valid programme asks that the receiver, in this environment, cannot do: a file field on
 * PostgreSQL without UPLOADS_DIR (the folder every instance shares for the files). The receiver
 * refuses such a programme at its start and as a live edit (server/programme/programme-source.mjs);
 * the checker, run with the receiver's environment, says so before it is deployed rather than
 * answering "valid".
 */
export function receiverEnvironmentFindings(fileFieldKeys: readonly string[], env: ReceiverEnvironment): ConfigProblem[] {
  if (!env.DATABASE_URL || env.UPLOADS_DIR?.trim()) return [];
  return fileFieldKeys.map((key) => ({
    path: key,
    message:
      'a file field, and this receiver runs on PostgreSQL (DATABASE_URL) without UPLOADS_DIR, the folder every instance shares for files: ' +
      'it would refuse this programme; set UPLOADS_DIR in its environment (docs/receiver.md, "Uploads"), or remove the field',
  }));
}
