// @vitest-environment node
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerLog, parseLogFormat, type RequestEntry } from '../../../../server/log/server-log.mjs';
import { rawRequest } from '../../../support/http-request';
import { servedRoot, startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { spawnReceiver } from '../../../support/receiver-process';
import { sampleBody } from '../../../support/sample-application.mjs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const at = () => new Date('2026-11-25T17:00:00.000Z');

describe('the server log format', () => {
  it('writes JSON lines by default and plain lines with LOG_FORMAT=text', () => {
    const lines: string[] = [];
    const json = createServerLog({ write: (line) => lines.push(line), now: at });
    json.request({ method: 'PUT', path: '/api/applications', status: 422, ms: 3.14159, reason: 'answers the wizard would refuse: personalInfo.emailAddress' });
    json.message('Programme: "Hartwell"');
    const text = createServerLog({ format: 'text', write: (line) => lines.push(line), now: at });
    text.request({ method: 'GET', path: '/', status: 200, ms: 1.25 });
    expect(lines.slice(0, 2).map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        time: '2026-11-25T17:00:00.000Z',
        kind: 'request',
        method: 'PUT',
        path: '/api/applications',
        status: 422,
        ms: 3.1,
        reason: 'answers the wizard would refuse: personalInfo.emailAddress',
      },
      { time: '2026-11-25T17:00:00.000Z', kind: 'message', message: 'Programme: "Hartwell"' },
    ]);
    expect(lines[2]).toBe('2026-11-25T17:00:00.000Z GET / 200 1.3 ms\n');
    expect(parseLogFormat(undefined)).toBe('json');
    expect(parseLogFormat('TEXT')).toBe('text');
    expect(() => parseLogFormat('xml')).toThrow(/LOG_FORMAT/);
  });
});

describe('a line per request', () => {
  const entries: RequestEntry[] = [];
  let receiver: StartedReceiver;
  beforeAll(async () => {
    receiver = await startTestReceiver({ logRequest: (entry) => entries.push(entry) });
  }, 60_000);
  afterAll(async () => {
    await stopTestReceiver(receiver);
  });

  async function logged(send: () => Promise<unknown>) {
    const before = entries.length;
    await send();
    await expect.poll(() => entries.length).toBeGreaterThan(before);
    return entries[before] as RequestEntry;
  }

  const put = (body: string, headers: Array<[string, string]>) => rawRequest(`${receiver.url}/api/applications`, { headers, body });

  it('gives method, path, status and duration, never the query string', async () => {
    const entry = await logged(() => rawRequest(`${receiver.url}/index.html?email=ada@example.com`, { method: 'GET' }));
    expect(entry).toMatchObject({ method: 'GET', path: '/index.html', status: 200 });
    expect(entry.reason).toBeUndefined();
    expect(entry.ms).toBeGreaterThanOrEqual(0);
    const stored = await logged(() =>
      put(JSON.stringify(sampleBody()), [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', `log-${String(Date.now())}`],
      ]),
    );
    expect(stored).toMatchObject({ method: 'PUT', path: '/api/applications', status: 201 });
  });

  it('says why each refusal was refused, with the paths of wrong answers but not their values', async () => {
    const key: [string, string] = ['Idempotency-Key', `refused-${String(Date.now())}`];
    const json: [string, string] = ['Content-Type', 'application/json'];
    expect(await logged(() => put('{}', [json, key, ['Origin', 'https://evil.example']]))).toMatchObject({ status: 403, reason: 'origin not allowed' });
    expect(await logged(() => put('{}', [['Content-Type', 'text/plain'], key]))).toMatchObject({ status: 415, reason: 'not application/json' });
    expect(await logged(() => put('{}', [json]))).toMatchObject({ status: 400, reason: 'bad or missing Idempotency-Key' });
    expect(await logged(() => put('x'.repeat(70_000), [json, key]))).toMatchObject({ status: 413, reason: 'body too large' });
    const invalid = await logged(() => put(JSON.stringify(sampleBody({ email: 'secret-not-an-address' })), [json, key]));
    expect(invalid).toMatchObject({ status: 422, reason: 'answers the wizard would refuse: invalid at personalInfo.emailAddress' });
    expect(JSON.stringify(entries)).not.toContain('secret-not-an-address');
    expect(await logged(() => rawRequest(`${receiver.url}/assets/missing.js`, { method: 'GET' }))).toMatchObject({ status: 404, reason: 'no such file' });
  });

  it('logs a connection closed before its answer with status 0', async () => {
    const entry = await logged(
      () =>
        new Promise<void>((resolve) => {
          const url = new URL(receiver.url);
          const socket = connect(Number(url.port), url.hostname, () => {
            socket.write(
              'PUT /api/applications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nIdempotency-Key: cut\r\nContent-Length: 5000\r\n\r\n{"a":',
            );
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 100);
          });
        }),
    );
    expect(entry).toMatchObject({ method: 'PUT', path: '/api/applications', status: 0, reason: 'connection closed before an answer' });
  });
});

describe('npm start', () => {
  it('says when the programme sends nothing on purpose ("requestUrl": null)', async () => {
    const root = await servedRoot();
    const dataDir = await preparedDataDir('log-no-request-url-');
    const config = JSON.parse(await readFile(join(root, 'config.json'), 'utf8')) as Record<string, unknown>;
    config.requestUrl = null;
    await writeFile(join(root, 'config.json'), JSON.stringify(config));
    const child = await spawnReceiver({ root, dataDir, extraEnv: { LOG_FORMAT: 'text' } });
    try {
      await expect
        .poll(() => child.output())
        .toContain("Note: the programme's requestUrl is null, so pages send nothing and keep nothing (a programme that sends nothing on purpose)");
      expect(child.output()).toContain('set "requestUrl": "/api/applications" in config.json');
    } finally {
      await child.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says on start where the data lives, which programme it applies, and whom it trusts, then a JSON line per request', async () => {
    const root = await servedRoot();
    const dataDir = await preparedDataDir('log-start-');
    const child = await spawnReceiver({ root, dataDir });
    try {
      await rawRequest(`${child.url}/config.json`, { method: 'GET' });
      await expect.poll(() => child.output()).toContain('"kind":"request"');
      const lines = child
        .output()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { kind: string; message?: string; path?: string });
      const messages = lines.filter((line) => line.kind === 'message').map((line) => line.message ?? '');
      expect(messages.join('\n')).toContain(`PGlite in ${dataDir}`);
      expect(messages.join('\n')).toMatch(/Programme: ".+" from .+config\.json \(digest [0-9a-f]{16}\)/);
      expect(messages.join('\n')).toContain("Applications accepted from the page's own origin only");
      expect(lines.find((line) => line.kind === 'request')).toMatchObject({ path: '/config.json', status: 200 });
    } finally {
      await child.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
