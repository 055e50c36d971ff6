// Counts of what the public server answered and refused, for GET /metrics on the loopback admin
// server in Prometheus's text exposition format (version 0.0.4), so a deployer can alert on a
// flood, a full disk or a store failing. Only statuses and refusal kinds: a refusal's reason is cut
// at its colon (`answers the wizard would refuse: <rule> at <path>, …` counts as `answers the wizard
// would refuse`), so the labels stay few and never carry anything a client sent; no addresses, no
// ids. Every request is counted here, also the refusals the log only summarises (refusal-summary.mjs).

/**
 * @typedef {{
 *   countRequest: (entry: import('./server-log.mjs').RequestEntry) => void,
 *   countConnection: (event: string) => void,
 *   exposition: (gauges?: Record<string, { help: string, value: number | null }>) => string,
 * }} Metrics
 */

/** @param {string} value */
function labelValue(value) {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * The kind a refusal is counted by: its reason up to the first colon.
 * @param {string} reason
 */
export function refusalKind(reason) {
  return reason.split(':')[0]?.trim() ?? reason;
}

/** @returns {Metrics} */
export function createMetrics() {
  /** @type {Map<string, number>} status → count */
  const answers = new Map();
  /** @type {Map<string, number>} `status\0kind` → count */
  const refusals = new Map();
  /** @type {Map<string, number>} event → count */
  const connections = new Map();
  const add = (/** @type {Map<string, number>} */ map, /** @type {string} */ key) => map.set(key, (map.get(key) ?? 0) + 1);
  return {
    countRequest({ status, reason }) {
      add(answers, String(status));
      if (reason) add(refusals, `${String(status)}\0${refusalKind(reason)}`);
    },
    countConnection(event) {
      add(connections, event);
    },
    exposition(gauges = {}) {
      const lines = [
        '# HELP receiver_answers_total Requests over, by status (0: the connection closed before an answer).',
        '# TYPE receiver_answers_total counter',
        ...[...answers].sort().map(([status, count]) => `receiver_answers_total{status="${status}"} ${String(count)}`),
        '# HELP receiver_refusals_total Requests refused, by status and kind of refusal.',
        '# TYPE receiver_refusals_total counter',
        ...[...refusals].sort().map(([key, count]) => {
          const [status = '', kind = ''] = key.split('\0');
          return `receiver_refusals_total{status="${status}",kind="${labelValue(kind)}"} ${String(count)}`;
        }),
        '# HELP receiver_connections_refused_total Connections closed by a cap, and requests Node gave up on, by event.',
        '# TYPE receiver_connections_refused_total counter',
        ...[...connections].sort().map(([event, count]) => `receiver_connections_refused_total{event="${labelValue(event)}"} ${String(count)}`),
      ];
      for (const [name, { help, value }] of Object.entries(gauges)) {
        if (value === null) continue;
        lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${String(value)}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
