// @vitest-environment node
// Slow readers held connections without limit. A client pipelines six GETs of
// a large asset and never reads (its socket paused: the kernel's receive window fills and stays
// full), so the server's answer waits in its buffers for ever; Node's own timeouts watch requests
// coming in, not answers going out. Now such a socket is closed within STALL_TIMEOUT_MS (and a
// quarter of it, the sampling), and while hostile sockets are held, and even when they fill
// MAX_CONNECTIONS from a handful of addresses, a fresh client is still served.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { limitSettings, type LimitSettings } from '../../../../server/limits/limit-settings.mjs';
import { connectionKey, isExemptFromAddressCap } from '../../../../server/limits/connection-limits.mjs';
import { proxyTrust } from '../../../../server/http/proxy-trust.mjs';
import { rawRequest } from '../../../support/http-request';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';

const ASSET_BYTES = 8 * 1024 * 1024;
let receiver: StartedReceiver | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (receiver) await stopTestReceiver(receiver);
  receiver = null;
});

async function start(limits: Partial<LimitSettings>): Promise<{ receiver: StartedReceiver; port: number }> {
  receiver = await startTestReceiver({ limits: { keepAliveTimeoutMs: 500, ...limits } });
  // Random bytes: not compressible, so the answer is streamed from the file, 8 MB of it.
  await mkdir(join(receiver.root, 'assets'), { recursive: true });
  await writeFile(join(receiver.root, 'assets', 'large-asset.bin'), randomBytes(ASSET_BYTES));
  return { receiver, port: Number(new URL(receiver.url).port) };
}

/** A client that asks six times for the large asset on one connection and never reads a byte. */
function slowReader(port: number, from: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => {
      socket.pause();
      socket.write('GET /assets/large-asset.bin HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(6));
      resolve(socket);
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

async function metric(receiver: StartedReceiver, pattern: RegExp): Promise<number> {
  const text = (await rawRequest(receiver.metricsUrl, { method: 'GET' })).text;
  return Number(pattern.exec(text)?.[1] ?? 0);
}

const openConnections = (r: StartedReceiver) => metric(r, /^receiver_open_connections (\d+)$/m);
const stalled = (r: StartedReceiver) => metric(r, /^receiver_connections_refused_total\{event="connection stalled"\} (\d+)$/m);

/** Resumes a socket and resolves once the server's close reaches it (all it had buffered read). */
function closedWhenRead(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) {
      resolve();
      return;
    }
    socket.once('close', () => {
      resolve();
    });
    socket.resume();
  });
}

describe('slow readers', () => {
  it('a socket that takes none of its answers is closed within STALL_TIMEOUT_MS, pipelined; a fresh client is served meanwhile', async () => {
    const { receiver, port } = await start({ stallTimeoutMs: 1500 });
    const started = performance.now();
    const hostile = await Promise.all(['127.0.5.1', '127.0.5.1', '127.0.5.2'].map((from) => slowReader(port, from)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await openConnections(receiver)).toBe(3);
    // While they are held, a creator's request is answered at once.
    const fresh = performance.now();
    expect((await rawRequest(`${receiver.url}/`, { method: 'GET', localAddress: '127.0.5.9' })).status).toBe(200);
    expect(performance.now() - fresh).toBeLessThan(500);
    // The stall is measured from the last progress; the sampling adds a quarter of the timeout.
    while ((await openConnections(receiver)) > 0) {
      expect(performance.now() - started).toBeLessThan(1500 * 1.25 + 2500);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await stalled(receiver)).toBe(3);
    // The client sees the connection end once it reads what its window held: it is not kept.
    await Promise.all(hostile.map((socket) => closedWhenRead(socket)));
  }, 90_000);

  it('a client that reads in short bursts with pauses under the timeout is never taken for a stalled one', async () => {
    const { receiver, port } = await start({ stallTimeoutMs: 1500 });
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ host: '127.0.0.1', port, localAddress: '127.0.5.3' }, () => {
        resolve(s);
      });
      s.once('error', reject);
      sockets.push(s);
    });
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.write('GET /assets/large-asset.bin HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    // Reads for 10 ms every 400 ms: long pauses, each well under the stall timeout.
    socket.pause();
    const ticker = setInterval(() => {
      socket.resume();
      setTimeout(() => socket.pause(), 10);
    }, 400);
    const ended = new Promise<void>((resolve) =>
      socket.once('close', () => {
        resolve();
      }),
    );
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    clearInterval(ticker);
    // The whole answer arrived: the connection was never cut.
    expect(received).toBeGreaterThan(ASSET_BYTES);
    expect(await stalled(receiver)).toBe(0);
  }, 90_000);

  it('16 hostile sockets from 4 addresses filling MAX_CONNECTIONS=16 do not lock a fresh client out', async () => {
    // The stall timeout at its longest: what keeps the fresh client served here is the cap's fairness.
    const { receiver, port } = await start({ stallTimeoutMs: 30_000, maxConnections: 16, maxConnectionsPerAddress: 4 });
    for (const from of ['127.0.6.1', '127.0.6.2', '127.0.6.3', '127.0.6.4']) {
      for (let index = 0; index < 4; index += 1) await slowReader(port, from);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await openConnections(receiver)).toBe(16);
    for (const from of ['127.0.6.9', '127.0.6.10', '127.0.6.11']) {
      expect((await rawRequest(`${receiver.url}/`, { method: 'GET', localAddress: from })).status).toBe(200);
    }
  }, 90_000);
});

describe('caps per client', () => {
  it('counts IPv6 connections by their /64, as the rate limit does', () => {
    expect(connectionKey('2001:db8:1:2::1')).toBe(connectionKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(connectionKey('2001:db8:1:2::1')).not.toBe(connectionKey('2001:db8:1:3::1'));
    expect(connectionKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('a hop count exempts only a proxy on this machine from the cap per address', () => {
    const hops = proxyTrust({ trustProxy: '1' });
    expect(isExemptFromAddressCap(hops, '127.0.0.1')).toBe(true);
    expect(isExemptFromAddressCap(hops, '203.0.113.7')).toBe(false);
    const named = proxyTrust({ trustProxy: '10.0.0.5' });
    expect(isExemptFromAddressCap(named, '10.0.0.5')).toBe(true);
    expect(isExemptFromAddressCap(named, '127.0.0.1')).toBe(false);
  });

  it('STALL_TIMEOUT_MS is read, and may not be over 30 s', () => {
    expect(limitSettings({}).stallTimeoutMs).toBe(20_000);
    expect(limitSettings({ STALL_TIMEOUT_MS: '5000' }).stallTimeoutMs).toBe(5000);
    expect(() => limitSettings({ STALL_TIMEOUT_MS: '60000' })).toThrow(/STALL_TIMEOUT_MS/);
  });
});
