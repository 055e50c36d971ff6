/**
 * The deployment docs/deploying.md describes ("Behind nginx, with TLS"), run for real: Debian's
 * nginx with docs/deploy/nginx.conf (only its ports and certificate paths changed) as a TLS reverse
 * proxy, with a throw-away self-signed certificate, in front of `node server/serve.mjs` started with
 * the environment of docs/deploy/creator-wizard.service; Chromium walks the whole wizard through it
 * at https://apply.example.com:<port> (resolved to 127.0.0.1), trusting that certificate by its
 * public key, with certificate checks otherwise on.
 */
import { execFile as execFileCallback, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeApplication } from './helpers/complete-application';
import { CHROME_FLAGS, CHROME_PATH } from '../support/chromium.mjs';
import { DIST_DIR } from '../support/dist-dir';
import { freePort } from '../support/free-port';
import { spawnReceiver, type ReceiverProcess } from '../support/receiver-process';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NGINX_CONF = join(ROOT, 'docs/deploy/nginx.conf');
const SERVICE_UNIT = join(ROOT, 'docs/deploy/creator-wizard.service');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SITE = 'apply.example.com';

/** Why this test cannot run here (nginx or openssl missing), or null. */
async function missingTools(): Promise<string | null> {
  const missing: string[] = [];
  if (!existsSync(NGINX)) missing.push('nginx');
  try {
    await execFile('openssl', ['version']);
  } catch {
    missing.push('openssl');
  }
  return missing.length === 0
    ? null
    : `behind nginx: ${missing.join(' and ')} not installed (apt-get install -y ${missing.join(' ')}; NGINX_PATH names another nginx)`;
}

/** The Environment= settings of the systemd unit, as the server would get them. */
async function unitEnvironment(): Promise<Record<string, string>> {
  const unit = await readFile(SERVICE_UNIT, 'utf8');
  return Object.fromEntries([...unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
}

/** Replaces each `from` exactly once: when the documented file no longer has it, the test says so rather than test something else. */
function substitute(text: string, replacements: Array<[string, string]>): string {
  let result = text;
  for (const [from, to] of replacements) {
    const count = result.split(from).length - 1;
    if (count !== 1) throw new Error(`docs/deploy/nginx.conf has ${String(count)} of \`${from}\` where this test expects one: update the test with the file`);
    result = result.replace(from, to);
  }
  return result;
}

/** A self-signed certificate for SITE, and the base64 SHA-256 of its public key (SPKI) for Chromium. */
async function makeCertificate(dir: string): Promise<{ cert: string; key: string; spki: string }> {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  await execFile('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${SITE}`,
    '-addext',
    `subjectAltName=DNS:${SITE}`,
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  const publicKey = join(dir, 'public.pem');
  const spkiDer = join(dir, 'spki.der');
  await execFile('openssl', ['x509', '-in', cert, '-noout', '-pubkey', '-out', publicKey]);
  await execFile('openssl', ['pkey', '-pubin', '-in', publicKey, '-outform', 'DER', '-out', spkiDer]);
  const { stdout } = await execFile('openssl', ['dgst', '-sha256', '-binary', spkiDer], { encoding: 'buffer' });
  // The same as node:crypto's hash of the DER, but computed by openssl, as a deployer would pin it.
  expect(stdout.toString('base64')).toBe(
    createHash('sha256')
      .update(await readFile(spkiDer))
      .digest('base64'),
  );
  return { cert, key, spki: stdout.toString('base64') };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A request to nginx over TLS, trusting only the test's certificate, named as the site. */
function viaNginx(
  port: number,
  ca: string,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      { host: '127.0.0.1', port, path, method, servername: SITE, ca, headers: { Host: `${SITE}:${String(port)}`, ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function plainRequest(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { Host: SITE } }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: '' });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Runs nginx in the foreground as this user, everything it writes in dir, the site's file included as documented. */
async function startNginx(dir: string, site: string): Promise<{ child: ChildProcess; output: () => string }> {
  const sitePath = join(dir, 'site.conf');
  await writeFile(sitePath, site);
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    [
      // The master process reads the certificate; as root its workers would switch to nobody, who cannot enter dir.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} notice;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`),
      // As Debian's /etc/nginx/nginx.conf, which compresses: the site must turn it off for itself.
      '  gzip on; gzip_proxied any; gzip_types *;',
      `  include ${sitePath};`,
      '}',
    ].join('\n'),
  );
  await execFile(NGINX, ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', conf]).catch((error: unknown) => {
    throw new Error(`nginx refused the documented configuration: ${String((error as { stderr?: string }).stderr ?? error)}\n${site}`);
  });
  const child = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return { child, output: () => output };
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a test uses from this pattern.
test('behind nginx with TLS: the whole wizard, the service worker over https, the application stored, then offline', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one nginx is enough: a deployment, not a layout');
  test.setTimeout(120_000);
  const missing = await missingTools();
  if (missing) {
    // In CI a missing nginx is a failure, never a silent skip.
    if (process.env.CI) throw new Error(missing);
    test.skip(true, missing);
  }

  const dir = await mkdtemp(join(tmpdir(), 'behind-nginx-'));
  const dataDir = join(dir, 'data');
  let receiver: ReceiverProcess | null = null;
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
  let browser: Browser | null = null;
  try {
    const { cert, key, spki } = await makeCertificate(dir);
    const environment = await unitEnvironment();
    for (const name of ['HOST', 'PORT', 'DATA_DIR', 'TRUST_PROXY']) expect(environment, `the unit sets ${name}`).toHaveProperty(name);
    receiver = await spawnReceiver({ root: DIST_DIR, dataDir, extraEnv: { ...environment, PORT: '0', DATA_DIR: dataDir } });
    const upstream = new URL(receiver.url);

    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const documented = await readFile(NGINX_CONF, 'utf8');
    const site = substitute(documented, [
      // The documented upstream is where the unit's server listens.
      [`server ${environment.HOST!}:${environment.PORT!};`, `server ${upstream.host};`],
      ['listen 80;', `listen 127.0.0.1:${String(httpPort)};`],
      ['listen [::]:80;', ''],
      ['listen 443 ssl http2;', `listen 127.0.0.1:${String(httpsPort)} ssl http2;`],
      ['listen [::]:443 ssl http2;', ''],
      [`ssl_certificate /etc/letsencrypt/live/${SITE}/fullchain.pem;`, `ssl_certificate ${cert};`],
      [`ssl_certificate_key /etc/letsencrypt/live/${SITE}/privkey.pem;`, `ssl_certificate_key ${key};`],
    ]);
    // Both servers log to the site's own access log, in the format without addresses.
    const accessLog = '/var/log/nginx/creator-wizard.access.log';
    expect(documented.split(`access_log ${accessLog} creator_wizard_no_address;`)).toHaveLength(3);
    const siteAccessLog = join(dir, 'site-access.log');
    // The upload and draft locations log only critical errors, to Debian's error log.
    const errorLog = '/var/log/nginx/error.log';
    expect(documented.split(`error_log ${errorLog} crit;`)).toHaveLength(3);
    const siteErrorLog = join(dir, 'site-error.log');
    nginx = await startNginx(dir, site.replaceAll(accessLog, siteAccessLog).replaceAll(errorLog, siteErrorLog));
    const ca = await readFile(cert, 'utf8');
    await expect
      .poll(
        async () => {
          if (nginx?.child.exitCode !== null)
            throw new Error(`nginx exited: ${nginx?.output() ?? ''}${await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')}`);
          return viaNginx(httpsPort, ca, '/config.json').then(
            (answer) => answer.status,
            () => 0,
          );
        },
        { timeout: 15_000 },
      )
      .toBe(200);

    // What the documented configuration does besides passing requests on.
    const redirect = await plainRequest(httpPort, '/some/path?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe(`https://${SITE}/some/path?x=1`);
    const admin = await viaNginx(httpsPort, ca, '/admin/applications');
    expect(admin.status).toBe(404);
    expect(admin.headers['content-security-policy'], 'nginx answered /admin itself').toBeUndefined();
    // A client's own X-Forwarded-Host and Forwarded are replaced or dropped by nginx: a page of
    // another site is still refused.
    const forged = await viaNginx(httpsPort, ca, '/api/applications', {
      method: 'PUT',
      headers: {
        Origin: 'https://evil.example',
        'X-Forwarded-Host': 'evil.example',
        Forwarded: 'host=evil.example;proto=https',
        'Content-Type': 'application/json',
        'Idempotency-Key': 'forged-1',
      },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    // The team's inbox goes through the same location: its page for a deep link, its API answering
    // someone signed out, a sign-in asked from another site refused, and a file's path logged
    // without the upload's id.
    const teamPage = await viaNginx(httpsPort, ca, '/team/applications/some-id');
    expect(teamPage.status).toBe(200);
    expect(teamPage.text).toContain('/team/assets/');
    expect(teamPage.headers['content-security-policy']).toContain("default-src 'self'");
    expect(teamPage.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await viaNginx(httpsPort, ca, '/team/api/session')).status).toBe(401);
    const foreignSignIn = await viaNginx(httpsPort, ca, '/team/api/sign-in', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/json' },
      body: '{"email":"rosa@example.com"}',
    });
    expect(foreignSignIn.status).toBe(403);
    const teamUploadId = 'feed'.padEnd(32, '0');
    expect((await viaNginx(httpsPort, ca, `/team/api/applications/some-id/files/${teamUploadId}`)).status).toBe(401);
    // A draft in transit's id is the secret half of a link: the access log names its folder only.
    const draftId = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    await viaNginx(httpsPort, ca, `/api/drafts/${draftId}`);

    browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: [...CHROME_FLAGS, `--host-resolver-rules=MAP ${SITE} 127.0.0.1`, `--ignore-certificate-errors-spki-list=${spki}`],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const puts: number[] = [];
    const encodings = new Map<string, string | undefined>();
    context.on('response', (response) => {
      if (response.request().method() === 'PUT') puts.push(response.status());
      if (/\/assets\/index-[^/]+\.js$/.test(response.url())) encodings.set(response.url(), response.headers()['content-encoding']);
    });
    const origin = `https://${SITE}:${String(httpsPort)}`;
    const first = await page.goto(`${origin}/`);
    expect(first?.status()).toBe(200);
    expect(first?.headers().server).toMatch(/^nginx/);
    expect(first?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
    await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { protocol: location.protocol, secure: isSecureContext, worker: registration.active?.state };
      }),
    ).toEqual({ protocol: 'https:', secure: true, worker: 'activated' });
    // The app server's own compression came through nginx untouched.
    expect([...encodings.values()]).toContain('br');

    await completeApplication(page).catch((error: unknown) => {
      // Before TRUST_PROXY, every PUT through nginx was refused: 403, the server-error line.
      throw new Error(`the wizard did not reach Creator Hub; PUT answers through nginx: ${puts.join(', ') || 'none'}\n${String(error)}`, { cause: error });
    });
    expect(puts).toContain(201);
    expect(puts, 'no PUT was refused on the way').toEqual(puts.filter((status) => status === 201));

    const { stdout } = await execFile(process.execPath, ['server/cli/applications-cli.mjs', 'export'], {
      cwd: ROOT,
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL')), DATA_DIR: dataDir },
    });
    const stored = stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { body: { personalInfo: { emailAddress: string } } });
    expect(stored.map((application) => application.body.personalInfo.emailAddress)).toEqual(['ada@example.com']);

    // Every request was logged, and no client's address with it: not in the site's
    // log, and nothing in the main configuration's access log (Debian's, with addresses).
    const logged = (await readFile(siteAccessLog, 'utf8')).trim().split('\n');
    expect(logged.length).toBeGreaterThan(5);
    expect(
      logged.some((line) => / "PUT \/api\/applications HTTP\/2\.0" 201 /.test(line)),
      logged.join('\n'),
    ).toBe(true);
    expect(logged.filter((line) => /127\.0\.0\.1|::1|::ffff:/.test(line))).toEqual([]);
    expect(await readFile(join(dir, 'access.log'), 'utf8').catch(() => '')).toBe('');
    expect(
      logged.some((line) => line.includes(' /api/drafts/(id) ')),
      logged.join('\n'),
    ).toBe(true);
    expect(logged.filter((line) => line.includes(draftId))).toEqual([]);
    expect(
      logged.some((line) => line.includes(' /team/api/applications/some-id/files/(id) ')),
      logged.join('\n'),
    ).toBe(true);
    expect(logged.filter((line) => line.includes(teamUploadId))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
    await context.close();

    // The receiver down (a restart): nginx answers 502, and its error lines, which always carry the
    // client's address and the request line, name no upload's or draft's id; other paths' do
    // (docs/deploying.md says what remains).
    await receiver.stop();
    receiver = null;
    const uploadId = 'c0ffee'.padEnd(32, '0');
    const downDraftId = 'B'.repeat(43);
    expect(
      (
        await viaNginx(httpsPort, ca, `/api/uploads/${uploadId}`, {
          method: 'PATCH',
          headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
          body: 'bytes',
        })
      ).status,
    ).toBe(502);
    expect((await viaNginx(httpsPort, ca, `/api/drafts/${downDraftId}`)).status).toBe(502);
    expect((await viaNginx(httpsPort, ca, '/config.json?down=1')).status).toBe(502);
    const errorLines = `${await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')}${await readFile(siteErrorLog, 'utf8').catch(() => '')}`;
    expect(errorLines).toContain('GET /config.json?down=1');
    expect(errorLines).not.toContain(uploadId);
    expect(errorLines).not.toContain(downDraftId);
    expect(
      (await readFile(siteAccessLog, 'utf8'))
        .split('\n')
        .filter((line) => / 502 /.test(line))
        .map((line) => line.split('"')[1]),
    ).toEqual(['PATCH /api/uploads/(id) HTTP/1.1', 'GET /api/drafts/(id) HTTP/1.1', 'GET /config.json HTTP/1.1']);
  } finally {
    await browser?.close();
    if (nginx && nginx.child.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.child.once('exit', resolve));
      nginx.child.kill('SIGTERM');
      await exited;
    }
    await receiver?.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
