// @vitest-environment node
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../../../server/app-server.mjs';
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from '../../../../server/http/security-headers.mjs';
import { rawRequest } from '../../../support/http-request';

let parent: string;
let server: Server;
let url: string;

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'app-server-'));
  const dist = join(parent, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await mkdir(join(parent, 'dist-old'));
  await writeFile(join(parent, 'dist-old', 'x'), 'secret of a sibling folder');
  await writeFile(join(parent, 'outside.txt'), 'secret outside');
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await mkdir(join(dist, 'team', 'assets'), { recursive: true });
  await writeFile(join(dist, 'team', 'index.html'), '<!doctype html><title>team</title>');
  await writeFile(join(dist, 'assets', 'app.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await writeFile(
    join(dist, 'config.json'),
    JSON.stringify({
      analytics: { host: 'https://eu.i.posthog.com', key: 'k' },
      errorReporting: { dsn: 'https://abc@o1.ingest.sentry.io/2' },
      requestUrl: 'https://api.example.com/applications',
    }),
  );
  await symlink(join(parent, 'outside.txt'), join(dist, 'link.txt'));
  server = createAppServer({ root: dist });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  await rm(parent, { recursive: true, force: true });
});

const get = (path: string, headers: Array<[string, string]> = []) => rawRequest(`${url}${path}`, { method: 'GET', headers });

describe('the static server', () => {
  it.each(['/..%2fdist-old/x', '/assets/..%2f..%2fdist-old/x', '/..%2f..%2foutside.txt', '/%2e%2e%2foutside.txt', '/..%5coutside.txt'])(
    'never serves a file outside dist/: %s',
    async (path) => {
      const answer = await get(path);
      expect(answer.text).not.toContain('secret');
      expect(answer.status).toBe(404);
    },
  );

  it('does not follow a symlink out of dist/', async () => {
    const answer = await get('/link.txt');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('secret');
  });

  it('answers 400 to malformed percent-encoding, without the error text', async () => {
    const answer = await get('/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('Bad request');
  });

  it('answers 404 to a missing asset or file with an extension; a navigation gets index.html', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/missing.png')).status).toBe(404);
    const navigation = await get('/some/step');
    expect(navigation.status).toBe(200);
    expect(navigation.text).toContain('<title>app</title>');
  });

  it.each(['/team/', '/team', '/team/applications/app_123', '/team/members', '/team/audit', '/team/sign-in'])(
    'answers a navigation under /team/ with the team app: %s',
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<title>team</title>');
      expect(answer.headers['cache-control']).toBe('no-cache');
      // What the team app needs, and no more: its own scripts and styles (no inline script), its API
      // on this origin, and the application's photos from /team/api/…/files/ on this origin.
      const csp = String(answer.headers['content-security-policy']);
      for (const source of ["script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self'", "frame-ancestors 'none'"])
        expect(csp).toContain(source);
    },
  );

  it("answers 404 to a team API path or team asset nothing answered, and the wizard to a path that only starts like the team's", async () => {
    for (const path of ['/team/api/unknown', '/team/api', '/team/assets/missing.js', '/team/assets/missing']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).not.toContain('<title>');
    }
    expect((await get('/teams/x')).text).toContain('<title>app</title>');
  });

  it('honours Accept-Encoding weights, q=0 included', async () => {
    expect((await get('/assets/app.js', [['Accept-Encoding', 'br;q=0, gzip']])).headers['content-encoding']).toBe('gzip');
    expect((await get('/assets/app.js', [['Accept-Encoding', 'gzip;q=0, br;q=0']])).headers['content-encoding']).toBeUndefined();
    expect((await get('/assets/app.js', [['Accept-Encoding', '*;q=0']])).headers['content-encoding']).toBeUndefined();
    expect((await get('/assets/app.js', [['Accept-Encoding', 'gzip, br']])).headers['content-encoding']).toBe('br');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/index.html');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect(first.headers['last-modified']).toBeDefined();
    const again = await get('/index.html', [['If-None-Match', etag]]);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it("sends the security headers on every answer, with a policy naming only the programme's hosts", async () => {
    for (const path of ['/', '/assets/app.js', '/assets/missing.js', '/%E0%A4%A']) {
      const { headers } = await get(path);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self' https://eu.i.posthog.com https://o1.ingest.sentry.io https://api.example.com;");
    }
  });
});

describe('contentSecurityPolicy', () => {
  it('allows only the origin itself for a programme without telemetry, and covers on other hosts as images', () => {
    const csp = contentSecurityPolicy({
      requestUrl: '/api/applications',
      backgrounds: [{ src: 'https://cdn.example.com/a.jpg', sources: [{ type: 'image/avif', srcset: 'https://img.example.com/a-480.avif 480w' }] }],
    });
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com https://img.example.com;");
  });
});

describe('inline scripts in the policy', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('hashes each inline script of index.html, and no script with a src nor a data block', () => {
    const html =
      '<head><script>try{a()}catch(e){}</script><script type="module">import("/assets/x.js")</script><script type="module" src="/assets/y.js"></script></head>' +
      '<body><script type="application/json" id="checked-config">{"digest":"a"}</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha256('try{a()}catch(e){}'), sha256('import("/assets/x.js")')]);
    expect(contentSecurityPolicy(null, inlineScriptHashes(html))).toContain(
      `script-src 'self' ${sha256('try{a()}catch(e){}')} ${sha256('import("/assets/x.js")')};`,
    );
    expect(contentSecurityPolicy(null)).toContain("script-src 'self';");
  });

  it('follows index.html when a new build replaces it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'csp-'));
    try {
      await writeFile(join(root, 'index.html'), '<script>one()</script>');
      const headersFor = securityHeaders(root);
      expect((await headersFor())['Content-Security-Policy']).toContain(sha256('one()'));
      await writeFile(join(root, 'index.html'), '<script>two()</script>');
      // A later modification time, as a deploy gives.
      await utimes(join(root, 'index.html'), new Date(), new Date(Date.now() + 5000));
      const policy = (await headersFor())['Content-Security-Policy'] ?? '';
      expect(policy).toContain(sha256('two()'));
      expect(policy).not.toContain(sha256('one()'));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
