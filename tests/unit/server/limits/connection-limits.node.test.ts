// @vitest-environment node
// Slow and greedy clients (connection-limits.mjs): headers and whole requests that take too long
// are answered 408 and closed, with the security headers; an idle kept-alive connection is closed;
// connections over the cap per address are closed at once, others' still answered; over the cap in
// all, new ones are refused until the timeouts free the slow ones. Limits are a few hundred
// milliseconds here so each test waits about that long; the counts show in /metrics.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../../server/limits/limit-settings.mjs';
import { rawRequest } from '../../../support/http-request';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';

const LIMITS = {
  ...DEFAULT_LIMITS,
  rateWindows: [],
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 400,
  maxConnectionsPerAddress: 5,
  maxConnections: 40,
};

let receiver: StartedReceiver;
let port = 0;
beforeAll(async () => {
  receiver = await startTestReceiver({ limits: LIMITS });
  port = Number(new URL(receiver.url).port);
}, 60_000);
afterAll(async () => {
  await stopTestReceiver(receiver);
});

/** A raw connection from a source address; resolves once connected. */
function open(from: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => {
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection, and when it closed (ms from the call). */
function untilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      resolve({ text, ms: performance.now() - started });
    });
  });
}

const get = (from: string) => rawRequest(`${receiver.url}/`, { method: 'GET', localAddress: from });

describe('timeouts', () => {
  it('headers that do not arrive in time: 408 with the security headers, then closed', async () => {
    const socket = await open('127.0.1.1');
    const closed = untilClosed(socket);
    socket.write('PUT /api/applications HTTP/1.1\r\nHost: localhost\r\n');
    const { text, ms } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(text).toMatch(/\r\nContent-Security-Policy: default-src 'none'/);
    expect(ms).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
    expect(ms).toBeLessThan(LIMITS.headersTimeoutMs + 600);
  });

  it('a body trickled byte by byte: 408 once the whole request took too long, then closed', async () => {
    const socket = await open('127.0.1.2');
    const closed = untilClosed(socket);
    socket.write(
      'PUT /api/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nIdempotency-Key: slow-body\r\nContent-Length: 65536\r\n\r\n',
    );
    const trickle = setInterval(() => socket.writable && socket.write('{'), 50);
    const { text, ms } = await closed;
    clearInterval(trickle);
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(ms).toBeLessThan(LIMITS.requestTimeoutMs + 600);
  });

  it('headers over 16 kB: 431 with the security headers, then closed', async () => {
    const socket = await open('127.0.1.7');
    const closed = untilClosed(socket);
    socket.write(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'x'.repeat(17 * 1024)}\r\n\r\n`);
    const { text } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(text).toMatch(/\r\nX-Frame-Options: DENY\r\n/);
  });

  it('an idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const socket = await open('127.0.1.3');
    const closed = untilClosed(socket);
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { text, ms } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // Node closes a second after the time it advertises, so a client reusing the connection at the
    // last moment does not meet a reset.
    expect(ms).toBeGreaterThanOrEqual(LIMITS.keepAliveTimeoutMs - 50);
    expect(ms).toBeLessThan(LIMITS.keepAliveTimeoutMs + 1000 + 600);
  });
});

describe('caps on connections', () => {
  it('over MAX_CONNECTIONS_PER_ADDRESS: closed at once, without an answer; other addresses still answered', async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnectionsPerAddress }, () => open('127.0.1.4')));
    try {
      const extra = await open('127.0.1.4');
      const { text, ms } = await untilClosed(extra);
      expect(text).toBe('');
      expect(ms).toBeLessThan(200);
      expect((await get('127.0.1.5')).status).toBe(200);
      // One freed, one more taken.
      held.pop()?.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await get('127.0.1.4')).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('over MAX_CONNECTIONS: new connections are closed until the timeouts free the slow ones', async () => {
    // Slow clients from many addresses, each sending headers it never finishes.
    const slow = await Promise.all(Array.from({ length: LIMITS.maxConnections }, (_, index) => open(`127.0.2.${String(index + 1)}`)));
    for (const socket of slow) {
      socket.on('error', () => undefined);
      socket.write('PUT /api/applications HTTP/1.1\r\n');
    }
    const freed = Promise.all(slow.map((socket) => untilClosed(socket)));
    try {
      const refused = await untilClosed(await open('127.0.1.6'));
      expect(refused.text).toBe('');
      await freed;
      expect((await get('127.0.1.6')).status).toBe(200);
    } finally {
      for (const socket of slow) socket.destroy();
    }
  });

  it('counts each in /metrics on the loopback admin server, and the public port does not serve them', async () => {
    const metrics = await rawRequest(receiver.metricsUrl, { method: 'GET' });
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(metrics.text).toMatch(/^receiver_connections_refused_total\{event="connection over MAX_CONNECTIONS_PER_ADDRESS"\} [1-9]/m);
    expect(metrics.text).toMatch(/^receiver_connections_refused_total\{event="connection over MAX_CONNECTIONS"\} [1-9]/m);
    expect(metrics.text).toMatch(/^receiver_connections_refused_total\{event="request timeout"\} [1-9]/m);
    expect(metrics.text).toMatch(/^receiver_connections_refused_total\{event="headers too large"\} 1$/m);
    expect(metrics.text).toMatch(/^receiver_open_connections \d+$/m);
    const fromPage = await rawRequest(receiver.metricsUrl, { method: 'GET', headers: [['Origin', 'https://evil.example']] });
    expect(fromPage.status).toBe(404);
    const publicPort = await new Promise<string>((resolve, reject) => {
      request(`${receiver.url}/metrics`, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          resolve(text);
        });
      })
        .on('error', reject)
        .end();
    });
    expect(publicPort).not.toContain('receiver_answers_total');
  });
});
