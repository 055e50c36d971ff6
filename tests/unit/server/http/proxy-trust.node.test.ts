// @vitest-environment node
// Behind a reverse proxy (TRUST_PROXY, PUBLIC_ORIGIN): the site a request was sent to, the client's
// address, the Origin check and Strict-Transport-Security. Headers only count when they come from
// a trusted proxy: a client that forges them, directly or through the proxy, changes nothing.
import { rm } from 'node:fs/promises';
import { request, ServerResponse, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiverRules } from '../../../../src/config/receiver-rules';
import { originVerdict } from '../../../../server/http/cors.mjs';
import { createRequestContext } from '../../../../server/http/request-context.mjs';
import { clientAddress, NO_PROXY_TRUST, normalAddress, parseForwarded, proxyTrust, siteOf } from '../../../../server/http/proxy-trust.mjs';
import { STRICT_TRANSPORT_SECURITY, transportSecurityHeaders } from '../../../../server/http/security-headers.mjs';
import { startServer } from '../../../../server/start-server.mjs';
import { servedRoot } from '../../../support/receiver-fixture';
import { preparedDataDir } from '../../../support/prepared-data-dir';

/** A request as the server sees it: the socket's peer and the headers (lower-case names). */
function fakeRequest(remoteAddress: string, headers: Record<string, string | string[]> = {}): IncomingMessage {
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
}

const HOP = proxyTrust({ trustProxy: '1' });
const LIST = proxyTrust({ trustProxy: '127.0.0.1, 10.0.0.0/8, ::1' });

describe('TRUST_PROXY and PUBLIC_ORIGIN', () => {
  it('unset or empty: nothing is trusted', () => {
    expect(proxyTrust({})).toBe(NO_PROXY_TRUST);
    expect(proxyTrust({ trustProxy: '', publicOrigin: ' ' })).toBe(NO_PROXY_TRUST);
    expect(proxyTrust({ trustProxy: '0' })).toMatchObject({ hops: 0, proxies: null, publicOrigin: null });
  });

  it('reads a hop count, or a list of addresses and CIDR ranges of both families', () => {
    expect(proxyTrust({ trustProxy: '2' })).toMatchObject({ hops: 2, proxies: null });
    const list = proxyTrust({ trustProxy: '127.0.0.1,10.0.0.0/8,fd00::/8,::1' });
    expect(list.hops).toBe(0);
    expect(list.proxies?.check('10.200.3.4', 'ipv4')).toBe(true);
    expect(list.proxies?.check('11.0.0.1', 'ipv4')).toBe(false);
    expect(list.proxies?.check('fd12::1', 'ipv6')).toBe(true);
    expect(list.proxies?.check('::1', 'ipv6')).toBe(true);
  });

  it.each(['true', 'yes', 'loopback', '10.0.0.0/33', '10.0.0.0/8/1', '300.1.1.1', '127.0.0.1,,10.0.0.1', '::1/129', '99'])(
    'refuses TRUST_PROXY=%s, saying what it takes',
    (value) => {
      expect(() => proxyTrust({ trustProxy: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('PUBLIC_ORIGIN is kept as an origin: lower case, default port dropped, one slash allowed', () => {
    expect(proxyTrust({ publicOrigin: 'https://Apply.Example.com:443/' }).publicOrigin).toBe('https://apply.example.com');
    expect(proxyTrust({ publicOrigin: 'http://127.0.0.1:8080' }).publicOrigin).toBe('http://127.0.0.1:8080');
  });

  it.each([
    'apply.example.com',
    'https://apply.example.com/apply',
    'https://apply.example.com?x',
    'ftp://apply.example.com',
    'https://user@apply.example.com',
    'https://',
  ])('refuses PUBLIC_ORIGIN=%s', (value) => {
    expect(() => proxyTrust({ publicOrigin: value })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('describes itself for the start-up log', () => {
    expect(NO_PROXY_TRUST.description).toMatch(/no proxy trusted/);
    expect(HOP.description).toMatch(/trusting the proxy nearest the server/);
    expect(proxyTrust({ trustProxy: '127.0.0.1', publicOrigin: 'https://apply.example.com' }).description).toMatch(
      /127\.0\.0\.1.*https:\/\/apply\.example\.com \(PUBLIC_ORIGIN\)/,
    );
  });
});

describe('addresses as headers write them', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    [' 198.51.100.7:4711 ', '198.51.100.7'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['[2001:DB8::17]:4711', '2001:db8::17'],
    ['"[2001:db8::17]"', '2001:db8::17'],
    ['2001:db8::17', '2001:db8::17'],
    ['unknown', null],
    ['_hidden', null],
    ['apply.example.com', null],
    ['', null],
  ])('%s is %s', (text, address) => {
    expect(normalAddress(text)).toBe(address);
  });

  it('parses RFC 7239 Forwarded: elements, pairs, quoted strings, several header lines', () => {
    expect(parseForwarded('for=192.0.2.60;proto=http;by=203.0.113.43, for="[2001:db8:cafe::17]:4711";Host="apply.example.com:8443"')).toEqual([
      { for: '192.0.2.60', proto: 'http', by: '203.0.113.43' },
      { for: '[2001:db8:cafe::17]:4711', host: 'apply.example.com:8443' },
    ]);
    expect(parseForwarded(['for=1.2.3.4', 'for="a\\"b"'])).toEqual([{ for: '1.2.3.4' }, { for: 'a"b' }]);
    expect(parseForwarded('for=1.2.3.4;')).toEqual([{ for: '1.2.3.4' }]);
    expect(parseForwarded(undefined)).toEqual([]);
  });

  it('believes nothing of a malformed Forwarded header', () => {
    expect(parseForwarded('for=1.2.3.4, garbage')).toEqual([]);
    expect(parseForwarded('for="unterminated')).toEqual([]);
  });
});

describe('clientAddress', () => {
  it('with no proxy trusted, is the socket peer, whatever the headers say', () => {
    const req = fakeRequest('::ffff:198.51.100.7', { 'x-forwarded-for': '203.0.113.9', forwarded: 'for=203.0.113.10' });
    expect(clientAddress(req, NO_PROXY_TRUST)).toBe('198.51.100.7');
    // Without settings of its own, it uses those noted on the request, and none by default.
    expect(clientAddress(req)).toBe('198.51.100.7');
  });

  it('with a hop count, is the right-most address past that many proxies', () => {
    const req = fakeRequest('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 198.51.100.7' });
    expect(clientAddress(req, HOP)).toBe('198.51.100.7');
    expect(clientAddress(req, proxyTrust({ trustProxy: '2' }))).toBe('203.0.113.9');
    // More hops than addresses: the farthest one known.
    expect(clientAddress(req, proxyTrust({ trustProxy: '9' }))).toBe('6.6.6.6');
  });

  it('with a list, is the right-most address that is not a trusted proxy', () => {
    const req = fakeRequest('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.1.2.3' });
    expect(clientAddress(req, LIST)).toBe('198.51.100.7');
  });

  it('a forged X-Forwarded-For from a client that is not a trusted proxy is ignored', () => {
    const direct = fakeRequest('192.0.2.1', { 'x-forwarded-for': '10.0.0.5, 127.0.0.1' });
    expect(clientAddress(direct, LIST)).toBe('192.0.2.1');
  });

  it('what a client writes before the address the proxy appends is ignored ($proxy_add_x_forwarded_for)', () => {
    const throughNginx = fakeRequest('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 192.0.2.1' });
    expect(clientAddress(throughNginx, HOP)).toBe('192.0.2.1');
    expect(clientAddress(throughNginx, LIST)).toBe('192.0.2.1');
  });

  it('matches an IPv4-mapped socket address against an IPv4 proxy, and reads ports and IPv6 in the header', () => {
    expect(clientAddress(fakeRequest('::ffff:127.0.0.1', { 'x-forwarded-for': '[2001:db8::17]:4711' }), LIST)).toBe('2001:db8::17');
    expect(clientAddress(fakeRequest('::1', { 'x-forwarded-for': '198.51.100.7:5555' }), LIST)).toBe('198.51.100.7');
  });

  it('reads Forwarded: for= when no X-Forwarded-* came', () => {
    expect(clientAddress(fakeRequest('127.0.0.1', { forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https' }), HOP)).toBe('2001:db8:cafe::17');
    expect(clientAddress(fakeRequest('127.0.0.1', { forwarded: 'for=6.6.6.6, for=198.51.100.7, for=10.0.0.9' }), LIST)).toBe('198.51.100.7');
  });

  it('ignores Forwarded when X-Forwarded-For came (a proxy that sets one passes the other on as the client wrote it)', () => {
    expect(clientAddress(fakeRequest('127.0.0.1', { 'x-forwarded-for': '198.51.100.7', forwarded: 'for=6.6.6.6' }), HOP)).toBe('198.51.100.7');
  });

  it('a proxy that cannot name the client (unknown, obfuscated, malformed): the proxy itself', () => {
    expect(clientAddress(fakeRequest('127.0.0.1', { forwarded: 'for=unknown' }), HOP)).toBe('127.0.0.1');
    expect(clientAddress(fakeRequest('127.0.0.1', { 'x-forwarded-for': 'not-an-address' }), HOP)).toBe('127.0.0.1');
    expect(clientAddress(fakeRequest('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, garbage, 10.0.0.2' }), LIST)).toBe('10.0.0.2');
  });

  it("follows the server's settings carried in the request's context, and none without them", () => {
    const req = fakeRequest('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' });
    const ctx = createRequestContext(req, new ServerResponse(req), HOP);
    expect(clientAddress(ctx.req, ctx.trust)).toBe('198.51.100.7');
    expect(clientAddress(req)).toBe('127.0.0.1');
  });
});

describe('the site a request was sent to, the Origin check and HSTS', () => {
  const ALLOWED = new Set(['https://partner.example.org']);

  it('with no proxy trusted: Host, as http or https, and no HSTS; forwarded headers change nothing', () => {
    const req = fakeRequest('127.0.0.1', {
      host: 'Apply.Example.com',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.example;proto=https',
    });
    expect(siteOf(req, NO_PROXY_TRUST)).toEqual({ origins: ['http://apply.example.com', 'https://apply.example.com'], https: false });
    expect(transportSecurityHeaders(req, NO_PROXY_TRUST)).toEqual({});
    expect(originVerdict(fakeRequest('127.0.0.1', { ...req.headers, origin: 'https://evil.example' }), ALLOWED, NO_PROXY_TRUST)).toBe('refused');
    expect(originVerdict(fakeRequest('127.0.0.1', { ...req.headers, origin: 'https://apply.example.com' }), ALLOWED, NO_PROXY_TRUST)).toBe('same');
  });

  it('nginx with its default proxy_pass (Host is the upstream): refused before, accepted with the proxy trusted', () => {
    const headers = {
      host: '127.0.0.1:4173',
      origin: 'https://apply.example.com',
      'x-forwarded-host': 'apply.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.7',
    };
    expect(originVerdict(fakeRequest('127.0.0.1', headers), ALLOWED, NO_PROXY_TRUST)).toBe('refused');
    expect(originVerdict(fakeRequest('127.0.0.1', headers), ALLOWED, HOP)).toBe('same');
    expect(originVerdict(fakeRequest('127.0.0.1', headers), ALLOWED, LIST)).toBe('same');
    expect(transportSecurityHeaders(fakeRequest('127.0.0.1', headers), LIST)).toEqual({ 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY });
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
  });

  it('a trusted proxy that names the scheme: only that scheme, with the port the browser used', () => {
    const req = fakeRequest('127.0.0.1', { host: 'apply.example.com', 'x-forwarded-host': 'apply.example.com:8443', 'x-forwarded-proto': 'https' });
    expect(siteOf(req, HOP)).toEqual({ origins: ['https://apply.example.com:8443'], https: true });
    // The default port is no port, as the browser's Origin writes it.
    expect(siteOf(fakeRequest('127.0.0.1', { host: 'x', 'x-forwarded-host': 'apply.example.com:443', 'x-forwarded-proto': 'HTTPS' }), HOP).origins).toEqual([
      'https://apply.example.com',
    ]);
  });

  it('a trusted proxy without X-Forwarded-Host: Host; without a scheme: both, and no HSTS', () => {
    expect(siteOf(fakeRequest('127.0.0.1', { host: 'apply.example.com', 'x-forwarded-proto': 'https' }), HOP)).toEqual({
      origins: ['https://apply.example.com'],
      https: true,
    });
    expect(siteOf(fakeRequest('127.0.0.1', { host: 'apply.example.com', 'x-forwarded-for': '198.51.100.7' }), HOP)).toEqual({
      origins: ['http://apply.example.com', 'https://apply.example.com'],
      https: false,
    });
  });

  it('plain http through the proxy: no HSTS', () => {
    const req = fakeRequest('127.0.0.1', { host: 'apply.example.com', 'x-forwarded-proto': 'http' });
    expect(siteOf(req, HOP)).toEqual({ origins: ['http://apply.example.com'], https: false });
    expect(transportSecurityHeaders(req, HOP)).toEqual({});
  });

  it('reads host= and proto= of Forwarded from the element that names the client', () => {
    const req = fakeRequest('10.0.0.1', {
      host: 'upstream',
      forwarded: 'for=6.6.6.6;host=evil.example;proto=http, for=198.51.100.7;host=apply.example.com;proto=https',
    });
    expect(siteOf(req, LIST)).toEqual({ origins: ['https://apply.example.com'], https: true });
    expect(clientAddress(req, LIST)).toBe('198.51.100.7');
  });

  it('a forged X-Forwarded-Host or Forwarded from a client that is not a trusted proxy is ignored', () => {
    const direct = fakeRequest('192.0.2.1', {
      host: '203.0.113.5:4173',
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'for=10.0.0.1;host=evil.example;proto=https',
    });
    expect(siteOf(direct, LIST)).toEqual({ origins: ['http://203.0.113.5:4173', 'https://203.0.113.5:4173'], https: false });
    expect(originVerdict(direct, ALLOWED, LIST)).toBe('refused');
    expect(transportSecurityHeaders(direct, LIST)).toEqual({});
  });

  it('a host that is not a host (a path, a user, spaces) is not believed: Host stands', () => {
    for (const forged of ['evil.example/path', 'user@evil.example', 'evil example', 'evil.example:99999999']) {
      expect(siteOf(fakeRequest('127.0.0.1', { host: 'apply.example.com', 'x-forwarded-host': forged, 'x-forwarded-proto': 'https' }), HOP).origins).toEqual([
        'https://apply.example.com',
      ]);
    }
  });

  it('PUBLIC_ORIGIN is the site whatever Host and the headers say', () => {
    const trust = proxyTrust({ publicOrigin: 'https://apply.example.com' });
    const req = fakeRequest('127.0.0.1', { host: '127.0.0.1:4173', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(siteOf(req, trust)).toEqual({ origins: ['https://apply.example.com'], https: true });
    expect(originVerdict(fakeRequest('127.0.0.1', { ...req.headers, origin: 'https://apply.example.com' }), ALLOWED, trust)).toBe('same');
    expect(originVerdict(fakeRequest('127.0.0.1', { ...req.headers, origin: 'http://127.0.0.1:4173' }), ALLOWED, trust)).toBe('refused');
    expect(originVerdict(fakeRequest('127.0.0.1', { ...req.headers, origin: 'https://partner.example.org' }), ALLOWED, trust)).toBe('allowed');
    expect(transportSecurityHeaders(req, trust)).toEqual({ 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY });
    expect(transportSecurityHeaders(req, proxyTrust({ publicOrigin: 'http://apply.example.com' }))).toEqual({});
  });

  it('no Origin is the page itself (or not a browser), as before', () => {
    expect(originVerdict(fakeRequest('192.0.2.1', { host: 'x' }), ALLOWED, LIST)).toBe('same');
  });
});

/** A request to the server from a chosen loopback address (any 127.x.y.z is this machine). */
function from(
  localAddress: string,
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, localAddress }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(method === 'PUT' ? 'not json' : undefined);
  });
}

describe('the server, started with TRUST_PROXY or PUBLIC_ORIGIN', () => {
  let root: string;
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  // 127.0.0.2 is the proxy; a client on 127.0.0.1 reaches the server directly.
  const PROXY = '127.0.0.2';
  const CLIENT = '127.0.0.1';
  // An application from the site's page: past the Origin check it is refused for its Content-Type (415).
  const fromSitePage = { 'Content-Type': 'text/plain', Origin: 'https://apply.example.com', 'Idempotency-Key': 'k-1' };
  const forwarded = { 'X-Forwarded-Host': 'apply.example.com', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.7' };

  beforeAll(async () => {
    root = await servedRoot();
    dataDir = await preparedDataDir('proxy-trust-');
    server = await startServer({ root, port: 0, dataDir, receiverRules, trustProxy: PROXY });
  }, 60_000);

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it("through the trusted proxy: the site's page may send, and every answer has HSTS", async () => {
    const put = await from(PROXY, `${server.url}${server.path}`, { method: 'PUT', headers: { ...fromSitePage, ...forwarded } });
    expect(put.status).toBe(415);
    expect(put.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    for (const path of ['/', '/config.json', '/no-such-file.png', '/admin/applications']) {
      expect((await from(PROXY, `${server.url}${path}`, { headers: forwarded })).headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    }
  });

  it('from a client that is not the proxy, the same forged headers change nothing: 403, no HSTS', async () => {
    const put = await from(CLIENT, `${server.url}${server.path}`, { method: 'PUT', headers: { ...fromSitePage, ...forwarded } });
    expect(put.status).toBe(403);
    expect(put.headers['strict-transport-security']).toBeUndefined();
    expect((await from(CLIENT, `${server.url}/`, { headers: forwarded })).headers['strict-transport-security']).toBeUndefined();
  });

  it('through the proxy over plain http: no HSTS', async () => {
    const answer = await from(PROXY, `${server.url}/`, { headers: { ...forwarded, 'X-Forwarded-Proto': 'http' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('says what it trusts', () => {
    expect(server.proxy).toMatch(/127\.0\.0\.2/);
  });

  it('refuses to start on a TRUST_PROXY or PUBLIC_ORIGIN it cannot read, before touching the data folder', async () => {
    await expect(startServer({ root, port: 0, dataDir: join(dataDir, 'never'), receiverRules, trustProxy: 'yes' })).rejects.toThrow(/TRUST_PROXY/);
    await expect(startServer({ root, port: 0, dataDir: join(dataDir, 'never'), receiverRules, publicOrigin: 'apply.example.com' })).rejects.toThrow(
      /PUBLIC_ORIGIN/,
    );
  });
});

describe('the server, started with PUBLIC_ORIGIN', () => {
  let root: string;
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    root = await servedRoot();
    dataDir = await preparedDataDir('proxy-trust-');
    server = await startServer({ root, port: 0, dataDir, receiverRules, publicOrigin: 'https://apply.example.com' });
  }, 60_000);

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('compares Origin with it whatever Host says, and sends HSTS on every answer', async () => {
    const url = `${server.url}${server.path}`;
    const site = await from('127.0.0.1', url, { method: 'PUT', headers: { 'Content-Type': 'text/plain', Origin: 'https://apply.example.com' } });
    expect(site.status).toBe(415);
    expect(site.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    // The origin Host names is not the site's.
    expect((await from('127.0.0.1', url, { method: 'PUT', headers: { 'Content-Type': 'text/plain', Origin: server.url } })).status).toBe(403);
    expect((await from('127.0.0.1', `${server.url}/`)).headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });
});
