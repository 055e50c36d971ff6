// @vitest-environment node
// TRUST_PROXY=1 on a public address (HOST=:: or 0.0.0.0) let every client
// choose its address with X-Forwarded-For and exempted it from the connection cap, with no warning
// at start. Now the server starts with a WARNING naming the risk and the setting to use instead
// (the proxy's own address or range), and only a proxy on this machine escapes the cap per address.
// PUBLIC_ORIGIN without TRUST_PROXY behind nginx put every creator in one
// rate-limit share, silently; the first request that arrives through a proxy now logs one WARNING.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyTrust } from '../../../../server/http/proxy-trust.mjs';
import { isLoopbackHost, trustProxyWarning } from '../../../../server/http/proxy-trust-warnings.mjs';
import { rawRequest } from '../../../support/http-request';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { networkInterfaces } from 'node:os';

let receiver: StartedReceiver | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (receiver) await stopTestReceiver(receiver);
  receiver = null;
});

/** An address of this machine that is not loopback: a peer the server sees as another machine. */
function outsideAddress(): string | null {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return null;
}

describe('TRUST_PROXY on a listener other machines reach', () => {
  it('decides from HOST and what TRUST_PROXY trusts', () => {
    for (const host of ['0.0.0.0', '::', '203.0.113.7', '192.0.2.2']) {
      expect(trustProxyWarning(proxyTrust({ trustProxy: '1' }), host, '1')).toMatch(
        /^WARNING: TRUST_PROXY=1 trusts whatever connects.*TRUST_PROXY=10\.0\.0\.5/,
      );
      expect(trustProxyWarning(proxyTrust({ trustProxy: '0.0.0.0/0' }), host, '0.0.0.0/0')).toMatch(/^WARNING/);
      expect(trustProxyWarning(proxyTrust({ trustProxy: '::/0' }), host, '::/0')).toMatch(/^WARNING/);
      // The proxy named by its address: the setting the warning asks for.
      expect(trustProxyWarning(proxyTrust({ trustProxy: '10.0.0.5,172.16.0.0/12' }), host, '10.0.0.5,172.16.0.0/12')).toBeNull();
    }
    for (const host of ['127.0.0.1', '::1', 'localhost', '[::1]']) {
      expect(isLoopbackHost(host)).toBe(true);
      expect(trustProxyWarning(proxyTrust({ trustProxy: '1' }), host, '1')).toBeNull();
    }
    expect(trustProxyWarning(proxyTrust({}), '0.0.0.0', undefined)).toBeNull();
  });

  it('HOST=0.0.0.0 with TRUST_PROXY=1: a WARNING at start, and a client from another machine is capped per address', async () => {
    const lines: string[] = [];
    receiver = await startTestReceiver({ host: '0.0.0.0', trustProxy: '1', log: (line) => lines.push(line), limits: { maxConnectionsPerAddress: 2 } });
    expect(lines.filter((line) => line.startsWith('WARNING: TRUST_PROXY=1'))).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/listens on 0\.0\.0\.0 \(HOST\).*X-Forwarded-For.*Set TRUST_PROXY to the proxy's own address or range/);
    const from = outsideAddress();
    if (from === null) return;
    const port = Number(new URL(receiver.url).port);
    const open = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: from, port }, () => {
          resolve(socket);
        });
        socket.once('error', reject);
        sockets.push(socket);
      });
    await open();
    await open();
    const third = await open();
    const closed = await new Promise<boolean>((resolve) => {
      third.once('close', () => {
        resolve(true);
      });
      setTimeout(() => {
        resolve(false);
      }, 1000);
    });
    expect(closed).toBe(true);
  }, 90_000);
});

describe('requests through a proxy that is not trusted', () => {
  it('PUBLIC_ORIGIN without TRUST_PROXY: one WARNING at the first forwarded request, naming the setting', async () => {
    const lines: string[] = [];
    receiver = await startTestReceiver({ publicOrigin: 'https://apply.example.com', log: (line) => lines.push(line) });
    const warnings = () => lines.filter((line) => line.startsWith('WARNING: requests arrive through a proxy'));
    expect((await rawRequest(`${receiver.url}/`, { method: 'GET' })).status).toBe(200);
    expect(warnings()).toHaveLength(0);
    for (const headers of [[['X-Forwarded-For', '198.51.100.1']], [['Forwarded', 'for=198.51.100.2']], [['X-Forwarded-For', '198.51.100.3']]] as Array<
      Array<[string, string]>
    >) {
      expect((await rawRequest(`${receiver.url}/`, { method: 'GET', headers })).status).toBe(200);
    }
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/TRUST_PROXY is not set \(PUBLIC_ORIGIN is.*share one rate-limit share.*Set TRUST_PROXY=127\.0\.0\.1/);
    // The addresses the client wrote are never in the log.
    expect(lines.join('\n')).not.toContain('198.51.100');
  }, 90_000);

  it('no WARNING once TRUST_PROXY names the proxy', async () => {
    const lines: string[] = [];
    receiver = await startTestReceiver({ publicOrigin: 'https://apply.example.com', trustProxy: '127.0.0.1', log: (line) => lines.push(line) });
    expect((await rawRequest(`${receiver.url}/`, { method: 'GET', headers: [['X-Forwarded-For', '198.51.100.1']] })).status).toBe(200);
    expect(lines.filter((line) => line.startsWith('WARNING'))).toEqual([]);
  }, 90_000);
});
