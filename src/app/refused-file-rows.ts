import type { OutboxStatus } from '../outbox/outbox';

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * The files whose rows say they were refused, by SHA-256, with the receiver's rule: those the last
 * send's 422 named, while the application stays refused. Pure. Nothing in any other state: once
 * the creator removes a refused file the body changes, the refusal is over, and the rows say
 * again how their uploads stand.
 */
export function refusedFileRows(status: OutboxStatus): ReadonlyMap<string, string> {
  if (status.state !== 'refused' || !status.record.refusedFiles?.length) return NONE;
  return new Map(status.record.refusedFiles.map((file) => [file.sha256, file.rule]));
}
