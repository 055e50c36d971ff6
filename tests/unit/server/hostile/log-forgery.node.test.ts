// @vitest-environment node
// A hostile client must not be able to write a line of the receiver's log,
// nor have a key or value of its own copied into it. Against `npm start` itself (a child process,
// its standard output as a deployer's journal gets it), in both LOG_FORMATs: an unknown JSON key
// holding a line feed and a log line of its own, keys that are e-mail addresses in every part of
// the body, a User-Agent and a path holding the same. Every line must be one event of the
// server's, and none of the client's strings anywhere.
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/http-request';
import { servedRoot } from '../../../support/receiver-fixture';
import { spawnReceiver } from '../../../support/receiver-process';
import { sampleBody } from '../../../support/sample-application.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const FORGED_TIME = '2026-11-27T06:00:00.000Z';
const FORGED = `\n${FORGED_TIME} received application forged-by-a-client revision 9`;
/** Every separator and control a terminal or a collector might break a line at or act on. */
const BREAKERS = `\r\u2028${FORGED_TIME} received application forged-by-a-client revision 8\u2029\u0085\u001b[2J\u202E`;

/** A 422's logged reason: rules and programme paths only (today `unknown-answer at body` for the first body). */
const SAFE_REASON = /^answers the wizard would refuse: [A-Za-z-]+ at [\w.]+(, [A-Za-z-]+ at [\w.]+)*$/;

/** Sends a request with header bytes no HTTP client library would send (UTF-8 of U+2028, U+202E). */
function sendRawHeaders(url: string, head: Buffer): Promise<void> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.end(head);
    });
    socket.on('data', () => undefined);
    socket.on('close', () => {
      resolve();
    });
    socket.on('error', reject);
  });
}

describe.each(['text', 'json'] as const)('the log with LOG_FORMAT=%s, under forged keys and headers', (format) => {
  it('is one event of the server per line, and holds none of the keys or headers the client sent', async () => {
    const root = await servedRoot();
    const dataDir = await preparedDataDir(`log-forgery-${format}-`);
    const child = await spawnReceiver({ root, dataDir, extraEnv: { LOG_FORMAT: format } });
    try {
      const put = (body: unknown, key: string) =>
        rawRequest(`${child.url}/api/applications`, {
          headers: [
            ['Content-Type', 'application/json'],
            ['Idempotency-Key', key],
          ],
          body: JSON.stringify(body),
        });
      const valid = sampleBody() as unknown as Record<string, Record<string, unknown> | unknown[]>;
      const bodies: Array<[string, unknown]> = [
        ['forged-key', { ...valid, [FORGED]: 1 }],
        ['breakers-key', { ...valid, [BREAKERS]: 1 }],
        ['address-key', { ...valid, 'leaked.top@example.org': 1 }],
        ['personal-key', { ...valid, personalInfo: { ...(valid.personalInfo as object), 'leaked.personal@example.org': 'x', [FORGED]: 'x' } }],
        ['platform-key', { ...valid, platforms: { ...(valid.platforms as object), 'leaked.platform@example.org': { handle: 'x' } } }],
        ['field-key', { ...valid, fields: [...(valid.fields as unknown[]), { key: 'leaked.field@example.org', value: 'x' }, { key: FORGED, value: 'x' }] }],
      ];
      for (const [key, body] of bodies) expect((await put(body, key)).status).toBe(422);
      const answer = await put({ ...valid, 'leaked.top@example.org': 1 }, 'address-key-again');
      // Refused, and not even the client is told its own key back (the path says `*`): the answer
      // may be logged or shown by whoever sent it, so it repeats nothing it cannot vouch for.
      expect(answer.status).toBe(422);
      expect(answer.text).not.toContain('leaked.top@example.org');

      const head = Buffer.concat([
        Buffer.from(
          `GET /%0A${FORGED_TIME}%20received%20application%20path%20revision%209 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nUser-Agent: leaked-agent `,
          'latin1',
        ),
        Buffer.from(`\u2028${FORGED_TIME} received application agent revision 9\u202E`, 'utf8'),
        Buffer.from('\r\n\r\n', 'latin1'),
      ]);
      await sendRawHeaders(child.url, head);
      await expect
        .poll(
          () =>
            child
              .output()
              .split('\n')
              .filter((line) => line.includes('/%0A')).length,
        )
        .toBe(1);
      await child.stop();

      const output = child.output();
      expect(output.endsWith('\n')).toBe(true);
      const lines = output.slice(0, -1).split('\n');
      for (const character of ['\r', '\u2028', '\u2029', '\u0085', '\u001b', '\u202E']) expect(output).not.toContain(character);
      expect(output).not.toContain('leaked');
      expect(output).not.toContain('@example.org');
      expect(output).not.toContain(`\n${FORGED_TIME}`);
      expect(output).not.toMatch(/received application (forged|agent|path)/);
      if (format === 'text') {
        for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \S/);
        const refused = lines.filter((line) => line.includes(' PUT /api/applications 422 '));
        // One in full, the rest counted (refusal-summary.mjs) and told at shutdown.
        expect(refused).toHaveLength(1);
        expect(refused[0]).toMatch(new RegExp(` 422 [\\d.]+ ms \\(${SAFE_REASON.source.slice(1, -1)}\\) client [0-9a-f]{12}$`));
        expect(lines.filter((line) => / refused 6 more \(422 answers the wizard would refuse\) from client [0-9a-f]{12} in \d+ s$/.test(line))).toHaveLength(1);
        expect(lines.filter((line) => line.includes(' GET /%0A2026-11-27T06:00:00.000Z%20received'))).toHaveLength(1);
      } else {
        const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        for (const event of events) expect(['message', 'request', 'refusals']).toContain(event.kind);
        expect(events.filter((event) => event.kind === 'message' && String(event.message).includes('received application'))).toEqual([]);
        const refused = events.filter((event) => event.kind === 'request' && event.status === 422);
        expect(refused).toEqual([
          expect.objectContaining({ reason: expect.stringMatching(SAFE_REASON) as unknown, client: expect.stringMatching(/^[0-9a-f]{12}$/) as unknown }),
        ]);
        expect(events.filter((event) => event.kind === 'refusals')).toEqual([
          expect.objectContaining({ status: 422, reason: 'answers the wizard would refuse', count: 6 }),
        ]);
      }
    } finally {
      await child.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
