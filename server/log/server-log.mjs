// What the server writes to its standard output, in one documented format (docs/receiver.md,
// "Logs"): JSON lines by default, for a log collector; `LOG_FORMAT=text` for a person reading a
// terminal. Each event is one line, in either format, and nothing a client sends can make it two:
// every string field is escaped and bounded (log/log-text.mjs). Three kinds of line: a request
// (method, path without its query string, status, duration, and for a refusal its reason and the
// client's pseudonym), a message (start-up, webhooks, a store that failed), and a summary of
// refusals (log/refusal-summary.mjs: a client's repeated refusals of one kind are logged once in
// full, then counted, a line a minute). None ever carries an application's content or an address:
// applications are named by id, refusals by rule and programme path, never a value or a key the
// client sent (log/refused-answers-reason.mjs), clients by a pseudonym (log/client-pseudonym.mjs).
import { escapeLogText } from './log-text.mjs';
import { createRefusalSummary } from './refusal-summary.mjs';

/**
 * @typedef {{ method: string, path: string, status: number, ms: number, reason?: string | undefined, client?: string | undefined }} RequestEntry
 *   client: the pseudonym of the client (client-pseudonym.mjs), given for refusals
 * @typedef {import('./refusal-summary.mjs').RefusalSummary} RefusalSummary
 * @typedef {{
 *   message: (text: string) => void,
 *   request: (entry: RequestEntry) => void,
 *   refusals: (summary: RefusalSummary) => void,
 *   close: () => void,
 * }} ServerLog
 *   request: a refusal repeated by its client is counted rather than written (refusal-summary.mjs);
 *   refusals: writes one summary line; close: writes the counts still held (at shutdown)
 */

/** A message is the server's own text, with at most a client's id in it: longer, but bounded too. */
const MAX_MESSAGE = 4096;

/**
 * @param {string | undefined} format `json` (default) or `text`
 */
export function parseLogFormat(format) {
  const value = (format ?? '').trim().toLowerCase();
  if (value === '' || value === 'json') return 'json';
  if (value === 'text') return 'text';
  throw new Error(`LOG_FORMAT must be json or text, not ${String(format)}`);
}

/**
 * @param {{
 *   format?: 'json' | 'text',
 *   write?: (line: string) => void,
 *   now?: () => Date,
 *   summaryIntervalMs?: number,
 *   maxTrackedClients?: number,
 * }} [options] summaryIntervalMs, maxTrackedClients: refusal-summary.mjs's interval and cap
 * @returns {ServerLog}
 */
export function createServerLog({
  format = 'json',
  write = (line) => void process.stdout.write(line),
  now = () => new Date(),
  summaryIntervalMs,
  maxTrackedClients,
} = {}) {
  const text = format === 'text';
  /** @param {unknown} value @param {number} [maxLength] */
  const field = (value, maxLength) => escapeLogText(value, { maxLength, backslashes: text });
  /** @param {Record<string, unknown>} event */
  const json = (event) => {
    write(`${JSON.stringify({ time: now().toISOString(), ...event })}\n`);
  };

  /** @param {RefusalSummary} summary */
  function refusals({ client, status, kind, count, seconds }) {
    if (text)
      write(
        `${now().toISOString()} refused ${count.toLocaleString('en-US')} more (${String(status)} ${field(kind)}) from client ${field(client)} in ${String(seconds)} s\n`,
      );
    else json({ kind: 'refusals', status, reason: field(kind), client: field(client), count, seconds });
  }
  const summary = createRefusalSummary({ write: refusals, intervalMs: summaryIntervalMs, maxTracked: maxTrackedClients, now: () => now().getTime() });

  /** @param {RequestEntry} entry */
  function writeRequest({ method, path, status, ms, reason, client }) {
    if (text) {
      write(
        `${now().toISOString()} ${field(method, 16)} ${field(path)} ${String(status)} ${ms.toFixed(1)} ms${reason ? ` (${field(reason)})` : ''}${client ? ` client ${field(client)}` : ''}\n`,
      );
      return;
    }
    json({
      kind: 'request',
      method: field(method, 16),
      path: field(path),
      status,
      ms: Math.round(ms * 10) / 10,
      ...(reason ? { reason: field(reason) } : {}),
      ...(client ? { client: field(client) } : {}),
    });
  }

  return {
    message(message) {
      if (text) write(`${now().toISOString()} ${field(message, MAX_MESSAGE)}\n`);
      else json({ kind: 'message', message: field(message, MAX_MESSAGE) });
    },
    request(entry) {
      if (entry.reason && !summary.logInFull({ client: entry.client ?? 'unknown', status: entry.status, reason: entry.reason })) return;
      writeRequest(entry);
    },
    refusals,
    close() {
      summary.close();
    },
  };
}
