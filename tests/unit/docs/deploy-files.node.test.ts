// @vitest-environment node
// docs/deploying.md shows docs/deploy/nginx.conf and docs/deploy/creator-wizard.service as they
// are (tests/e2e/behind-nginx.spec.ts runs both), and the unit has what a hardened service needs;
// `systemd-analyze verify` checks it too where systemd and /usr/bin/node are there.
import { execFile as execFileCallback } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const execFile = promisify(execFileCallback);
const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), '../../..'));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const NGINX = read('docs/deploy/nginx.conf');
const UNIT = read('docs/deploy/creator-wizard.service');
const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const SYSTEMD_ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));

/** The unit's keys of one section, each with every value it is given. */
function section(unit: string, name: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  const body = new RegExp(`^\\[${name}\\]\\n([\\s\\S]*?)(?=^\\[|$(?![\\s\\S]))`, 'm').exec(unit)?.[1] ?? '';
  for (const line of body.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match) keys.set(match[1]!, [...(keys.get(match[1]!) ?? []), match[2]!]);
  }
  return keys;
}

/** The unit's Environment= settings, by name. */
function environmentOf(unit: string): Record<string, string> {
  return Object.fromEntries(
    (section(unit, 'Service').get('Environment') ?? []).map((value): [string, string] => {
      const at = value.indexOf('=');
      return [value.slice(0, at), value.slice(at + 1)];
    }),
  );
}

describe('the deployment files', () => {
  it('docs/deploying.md shows both files exactly as they are', () => {
    const guide = read('docs/deploying.md');
    expect(guide).toContain(`\`\`\`nginx\n${NGINX}\`\`\`\n`);
    expect(guide).toContain(`\`\`\`ini\n${UNIT}\`\`\`\n`);
  });

  it('the unit runs the server as its own user, restarts it, and gives it nothing to write but DATA_DIR', () => {
    const service = section(UNIT, 'Service');
    const one = (key: string) => {
      expect(service.get(key), key).toHaveLength(1);
      return service.get(key)![0]!;
    };
    expect(one('User')).not.toBe('root');
    expect(one('WorkingDirectory')).toMatch(/^\//);
    expect(one('ExecStart')).toMatch(/^\/usr\/bin\/node server\/serve\.mjs$|^\/usr\/bin\/npm run serve$/);
    expect(one('Restart')).toBe('on-failure');
    expect(one('NoNewPrivileges')).toBe('true');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('PrivateTmp')).toBe('true');
    const environment = environmentOf(UNIT);
    expect(Object.keys(environment)).toEqual(expect.arrayContaining(['HOST', 'PORT', 'DATA_DIR', 'TRUST_PROXY']));
    expect(environment.HOST).toBe('127.0.0.1');
    expect(service.get('ReadWritePaths')).toEqual([environment.DATA_DIR]);
    expect(section(UNIT, 'Install').get('WantedBy')).toEqual(['multi-user.target']);
  });

  it("nginx's upstream is where the unit's server listens, and /admin is answered 404 by nginx", () => {
    const environment = environmentOf(UNIT);
    expect(NGINX).toContain(`server ${environment.HOST ?? ''}:${environment.PORT ?? ''};`);
    expect(NGINX).toMatch(/location \^~ \/admin \{\s*return 404;\s*\}/);
    for (const header of ['Host $host', 'X-Forwarded-Host $http_host', 'X-Forwarded-Proto $scheme', 'X-Forwarded-For $proxy_add_x_forwarded_for'])
      expect(NGINX).toContain(`proxy_set_header ${header};`);
    expect(NGINX).toContain('gzip off;');
    // certbot's renewals over plain HTTP reach the webroot the guide's certbot command names, not the redirect.
    const webroot = /location \/\.well-known\/acme-challenge\/ \{\s*root (\S+);\s*\}\s*location \/ \{\s*return 301/.exec(NGINX)?.[1];
    expect(webroot).toBe('/var/www/html');
    expect(read('docs/deploying.md')).toContain(`certbot certonly --webroot -w ${webroot ?? ''} -d apply.example.com`);
    expect(NGINX).not.toMatch(/Strict-Transport-Security/i);
  });

  it('nginx logs no client address, caps connections per address and times out slow clients', () => {
    const formats = [...NGINX.matchAll(/^log_format (\S+) ([^;]+);/gm)];
    expect(formats.map((format) => format[1])).toEqual(['creator_wizard_no_address']);
    // No variable that holds or leads to an address: the client's, the forwarded chain's, the upstream's.
    expect(formats[0]?.[2]).not.toMatch(
      /\$(remote_addr|binary_remote_addr|realip_remote_addr|proxy_add_x_forwarded_for|http_x_forwarded_for|http_forwarded|upstream_addr|request|request_uri|args|query_string|http_referer|http_user_agent)\b/,
    );
    const logs = [...NGINX.matchAll(/^\s*access_log ([^;]+);/gm)].map((match) => match[1]);
    const servers = NGINX.split(/^server \{/m).length - 1;
    expect(logs).toHaveLength(servers);
    for (const log of logs) expect(log).toMatch(/ creator_wizard_no_address$/);
    expect(NGINX).toMatch(/^limit_conn_zone \$binary_remote_addr zone=creator_wizard_per_address:\d+m;/m);
    expect(NGINX).toMatch(/^\s*limit_conn creator_wizard_per_address \d+;/m);
    for (const timeout of ['client_header_timeout', 'client_body_timeout', 'send_timeout', 'keepalive_timeout']) {
      const seconds = Number(new RegExp(`^\\s*${timeout} (\\d+)s;`, 'm').exec(NGINX.slice(NGINX.indexOf('listen 443')))?.[1]);
      expect(seconds, timeout).toBeGreaterThan(0);
      expect(seconds, timeout).toBeLessThanOrEqual(30);
    }
  });

  it.skipIf(!NGINX_BINARY)("nginx -t accepts the documented file, inside a main configuration as Debian's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nginx-t-'));
    try {
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
        '1',
        '-subj',
        '/CN=apply.example.com',
        '-keyout',
        key,
        '-out',
        cert,
      ]);
      const site = NGINX.replace('/etc/letsencrypt/live/apply.example.com/fullchain.pem', cert)
        .replace('/etc/letsencrypt/live/apply.example.com/privkey.pem', key)
        .replaceAll('/var/log/nginx/', `${dir}/`);
      await writeFile(join(dir, 'site.conf'), site);
      await writeFile(
        join(dir, 'nginx.conf'),
        [`pid ${dir}/nginx.pid;`, `error_log ${dir}/error.log;`, 'events {}', `http { access_log ${dir}/access.log; include ${dir}/site.conf; }`].join('\n'),
      );
      const { stderr } = await execFile(NGINX_BINARY!, ['-t', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')]);
      expect(stderr).toContain('test is successful');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!SYSTEMD_ANALYZE || !existsSync('/usr/bin/node'))('systemd-analyze verify finds nothing to say about the unit', async () => {
    const { stdout, stderr } = await execFile(SYSTEMD_ANALYZE!, ['verify', join(ROOT, 'docs/deploy/creator-wizard.service')]);
    expect(`${stdout}${stderr}`.trim()).toBe('');
  });
});
