// What the server writes to its standard output, in one documented format (docs/receiver.md,
// "Logs"): JSON lines by default, for a log collector; `LOG_FORMAT=text` for a person reading a
// terminal. Two kinds of line: a request (method, path without its query string, status, duration,
// and for a refusal its reason), and a message (start-up, webhooks, a store that failed). Neither
// ever carries an application's content: applications are named by id, refusals by the paths of
// the answers that were wrong, never their values.

/**
 * @typedef {{ method: string, path: string, status: number, ms: number, reason?: string | undefined }} RequestEntry
 * @typedef {{ message: (text: string) => void, request: (entry: RequestEntry) => void }} ServerLog
 */

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
 * @param {{ format?: 'json' | 'text', write?: (line: string) => void, now?: () => Date }} [options]
 * @returns {ServerLog}
 */
export function createServerLog({ format = 'json', write = (line) => void process.stdout.write(line), now = () => new Date() } = {}) {
  if (format === 'text') {
    return {
      message: (text) => {
        write(`${now().toISOString()} ${text}\n`);
      },
      request: ({ method, path, status, ms, reason }) => {
        write(`${now().toISOString()} ${method} ${path} ${String(status)} ${ms.toFixed(1)} ms${reason ? ` (${reason})` : ''}\n`);
      },
    };
  }
  return {
    message: (text) => {
      write(`${JSON.stringify({ time: now().toISOString(), kind: 'message', message: text })}\n`);
    },
    request: ({ method, path, status, ms, reason }) => {
      write(`${JSON.stringify({ time: now().toISOString(), kind: 'request', method, path, status, ms: Math.round(ms * 10) / 10, ...(reason ? { reason } : {}) })}\n`);
    },
  };
}
