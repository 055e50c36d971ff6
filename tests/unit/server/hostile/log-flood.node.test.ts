// @vitest-environment node
// A flood must not be written to the log line by line (the benchmark's
// flood made 2,200 refusal lines a second). Against `npm start` itself: two clients send a
// thousand refused PUTs; the log holds the first refusal of each client and kind in full and, at
// shutdown, one line with the count of the rest, while /metrics counts every one of them.
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/http-request';
import { servedRoot } from '../../../support/receiver-fixture';
import { spawnReceiver } from '../../../support/receiver-process';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const PER_CLIENT = 500;
const CLIENTS = ['127.0.0.1', '127.0.0.2'];
const RATE = 10;

describe('a flood of refusals in the log', () => {
  it('is a few lines per client and kind, while the metrics count every refusal', async () => {
    const root = await servedRoot();
    const dataDir = await preparedDataDir('log-flood-');
    const child = await spawnReceiver({ root, dataDir, extraEnv: { LOG_FORMAT: 'json', RATE_LIMIT_PER_MINUTE: String(RATE), RATE_LIMIT_PER_HOUR: '0' } });
    try {
      const metricsAt = /counts at (http:\/\/127\.0\.0\.1:\d+\/metrics)/;
      await expect.poll(() => metricsAt.test(child.output())).toBe(true);
      const metricsUrl = metricsAt.exec(child.output())?.[1] ?? '';
      // Each client: its first RATE PUTs are read and refused (422: not an application), the rest rate limited (429).
      const statuses = await Promise.all(
        CLIENTS.map(async (localAddress) => {
          const seen: number[] = [];
          for (let sent = 0; sent < PER_CLIENT; sent += 25) {
            const batch = await Promise.all(
              Array.from({ length: 25 }, (_, index) =>
                rawRequest(`${child.url}/api/applications`, {
                  localAddress,
                  headers: [
                    ['Content-Type', 'application/json'],
                    ['Idempotency-Key', `flood-${localAddress}-${String(sent + index)}`],
                  ],
                  body: '{}',
                }),
              ),
            );
            seen.push(...batch.map((answer) => answer.status));
          }
          return seen;
        }),
      );
      for (const seen of statuses) {
        expect(seen.filter((status) => status === 422)).toHaveLength(RATE);
        expect(seen.filter((status) => status === 429)).toHaveLength(PER_CLIENT - RATE);
      }
      const metrics = (await rawRequest(metricsUrl, { method: 'GET' })).text;
      expect(metrics).toContain(`receiver_answers_total{status="422"} ${String(RATE * CLIENTS.length)}`);
      expect(metrics).toContain(`receiver_answers_total{status="429"} ${String((PER_CLIENT - RATE) * CLIENTS.length)}`);
      expect(metrics).toContain(`receiver_refusals_total{status="429",kind="rate limited"} ${String((PER_CLIENT - RATE) * CLIENTS.length)}`);
      await child.stop();

      const events = child
        .output()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const refused = events.filter((event) => event.kind === 'request' && event.path === '/api/applications');
      // One line in full per client and kind: 2 clients × (422, 429).
      expect(refused).toHaveLength(CLIENTS.length * 2);
      const pseudonyms = new Set(refused.map((event) => event.client));
      expect(pseudonyms.size).toBe(CLIENTS.length);
      const summaries = events.filter((event) => event.kind === 'refusals');
      expect(summaries).toHaveLength(CLIENTS.length * 2);
      for (const client of pseudonyms) {
        expect(summaries).toContainEqual(expect.objectContaining({ client, status: 429, reason: 'rate limited', count: PER_CLIENT - RATE - 1 }));
        expect(summaries).toContainEqual(expect.objectContaining({ client, status: 422, count: RATE - 1 }));
      }
      // The whole flood cost the log fewer lines than the start-up did, and named no address.
      expect(refused.length + summaries.length).toBeLessThan(10);
      expect(JSON.stringify([...refused, ...summaries])).not.toMatch(/127\.0\.0\.[12]/);
    } finally {
      await child.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
